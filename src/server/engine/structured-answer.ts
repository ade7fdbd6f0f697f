import { outputMismatch, renderOutput, type JsonSchemaObject } from '#shared/tasks/output-schema';
import {
  ProviderError,
  structuredFailureMessages,
  sumTokens,
  type AiProvider,
  type GenerateRequest,
  type GenerateResult,
} from '../providers/ai-provider';

/** The most a run's output may weigh as JSON (ADR 0119): a result to read and deliver, not a data dump. */
export const outputMaxBytes = 256 * 1024;
export const outputTooLarge = `The structured result is larger than ${outputMaxBytes / 1024} KB. Ask for fewer or shorter items.`;

/** The name the providers see for the schema: OpenAI takes letters, digits, `_` and `-` (ADR 0120). */
const schemaName = 'task_result';

export interface StructuredAnswer {
  output: Record<string, unknown>;
  /** The readable rendering kept in `result`: what search, e-mail, chat and `{{last_result}}` read. */
  text: string;
  usage: GenerateResult['usage'];
}

/**
 * A structured task's answer (ADR 0119): asked for in the provider's own format, checked against the same schema, and
 * on a mismatch asked once more with what was wrong; a second mismatch, a refusal or a cut-off fails the run with its
 * own words. Both calls' tokens count.
 */
export async function generateStructured(
  provider: AiProvider,
  request: Omit<GenerateRequest, 'output'>,
  schema: JsonSchemaObject,
): Promise<StructuredAnswer> {
  const sent = { name: schemaName, schema: asSent(schema) };
  const first = await provider.generate({ ...request, output: sent });
  const checked = checkAnswer(first, schema);
  if ('output' in checked) return answerOf(checked.output, schema, first.usage);
  const retried = await provider.generate({
    ...request,
    input: `${request.input}\n\nYour previous answer did not match the required JSON schema (${checked.path}: ${checked.message}). Answer again with JSON that matches the schema exactly.`,
    output: sent,
  });
  const usage = sumUsage(first.usage, retried.usage);
  const again = checkAnswer(retried, schema);
  if ('output' in again) return answerOf(again.output, schema, usage);
  throw new ProviderError(structuredFailureMessages.mismatch(again.path, again.message));
}

/**
 * The schema as the providers take it: OpenAI's strict mode refuses `format: "uri"` (ADR 0119), so a link is asked for
 * as text described as a URL, and the answer is still held to being one by our own check.
 */
export function asSent(schema: unknown): JsonSchemaObject {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).flatMap(([key, value]): [string, unknown][] =>
      key === 'format' && value === 'uri' ? [] : [[key, copy(value)]],
    );
    const uri = (node as { format?: unknown }).format === 'uri';
    const described = (node as { description?: unknown }).description;
    if (uri) entries.push(['description', typeof described === 'string' && described ? `${described} (a URL)` : 'A URL']);
    return Object.fromEntries(entries);
  };
  return copy(schema) as JsonSchemaObject;
}

/** The parsed answer, or the mismatch to retry with; a refusal or a cut-off is final (ADR 0120). */
function checkAnswer(
  answer: GenerateResult,
  schema: JsonSchemaObject,
): { output: Record<string, unknown> } | { path: string; message: string } {
  if (answer.refusal !== undefined) throw new ProviderError(structuredFailureMessages.refusal(answer.refusal));
  if (answer.truncated) throw new ProviderError(structuredFailureMessages.truncated);
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    return { path: '(root)', message: 'the answer is not JSON' };
  }
  const mismatch = outputMismatch(schema, value);
  return mismatch ?? { output: value as Record<string, unknown> };
}

function answerOf(output: Record<string, unknown>, schema: JsonSchemaObject, usage: GenerateResult['usage']): StructuredAnswer {
  if (Buffer.byteLength(JSON.stringify(output)) > outputMaxBytes) throw new ProviderError(outputTooLarge);
  return { output, text: renderOutput(schema, output), usage };
}

function sumUsage(a: GenerateResult['usage'], b: GenerateResult['usage']): GenerateResult['usage'] {
  return { inputTokens: sumTokens(a.inputTokens, b.inputTokens), outputTokens: sumTokens(a.outputTokens, b.outputTokens) };
}
