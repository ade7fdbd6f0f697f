import { findModel, type ProviderId } from '#shared/tasks/catalog';
import type { JsonSchemaObject } from '#shared/tasks/output-schema';
import { ProviderError, type AiProvider, type GenerateResult } from '../../providers/ai-provider';
import { generateStructured } from '../structured-answer';
import { providerLatency } from '../../metrics/metrics';
import type { EngineDeps } from '../engine-deps';

/** A model of the catalogue, by provider. */
type ModelChoice = { provider: string; model: string };

/** What a run asks: the text as sent, and the task's settings of the prompt. */
interface Question {
  input: string;
  prompt: { temperature: number; searchEnabled: boolean };
  /** A structured task's strict schema (ADR 0119): the answer is asked for, and checked, in it. */
  outputSchema?: JsonSchemaObject | null;
  signal?: AbortSignal;
}

/** An answer, with the provider and model that gave it: the delivery condition is checked, and the cost counted, by them. */
export interface ModelAnswer {
  /** For a structured task, `text` is the readable rendering of `output`. */
  generated: GenerateResult;
  /** A structured task's answer as data; null for free text. */
  output: Record<string, unknown> | null;
  provider: AiProvider;
  answerer: ModelChoice;
  /** The fallback model when it answered instead of the run's own; null when the run's own did. */
  answeredBy: ModelChoice | null;
}

/**
 * Asks the run's model and, when it fails for the moment (a server error, a 429, a timeout: `fallbackWorthy`) after
 * its SDK's retries, the task's fallback model once (ADR 0121). When both fail, the error tells both, so the user
 * does not mistake the fallback's failure for the only one.
 */
export async function askWithFallback(
  deps: EngineDeps,
  { model, fallback, ...question }: Question & { model: ModelChoice; fallback: ModelChoice | null | undefined },
): Promise<ModelAnswer> {
  try {
    return { ...(await askModel(deps, model, question)), answeredBy: null };
  } catch (error) {
    // A stopping process's abort is no failure of the model's: the job runs again on the next process (ADR 0100).
    if (!fallback || !(error instanceof ProviderError) || !error.fallbackWorthy || question.signal?.aborted) throw error;
    try {
      return { ...(await askModel(deps, fallback, question)), answeredBy: fallback };
    } catch (fallbackError) {
      if (!(fallbackError instanceof ProviderError)) throw fallbackError;
      const name = findModel(fallback.provider, fallback.model)?.name ?? fallback.model;
      throw new ProviderError(`${error.message} The fallback model ${name} failed too: ${fallbackError.message}`);
    }
  }
}

async function askModel(deps: EngineDeps, asked: ModelChoice, { input, prompt, outputSchema, signal }: Question) {
  const provider = deps.providers[asked.provider as ProviderId];
  if (!provider) throw new ProviderError(`The provider ${asked.provider} is not available on this server.`);
  const entry = findModel(asked.provider, asked.model);
  const request = {
    model: asked.model,
    input,
    // Models that only accept their default temperature reject any other value, so it is not sent.
    temperature: entry?.fixedTemperature ? undefined : prompt.temperature,
    webSearch: prompt.searchEnabled && (entry?.webSearch ?? false),
    signal,
  };
  if (outputSchema) {
    const { output, text, usage } = await timeProviderCall(asked.provider, () => generateStructured(provider, request, outputSchema));
    return { generated: { text, usage }, output, provider, answerer: asked };
  }
  const generated = await timeProviderCall(asked.provider, () => provider.generate(request));
  return { generated, output: null, provider, answerer: asked };
}

/** The provider's answer time for /metrics, failed calls included (retries inside the SDK count to the call). */
async function timeProviderCall<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const stop = providerLatency.startTimer({ provider });
  try {
    const answer = await call();
    stop({ outcome: 'ok' });
    return answer;
  } catch (error) {
    stop({ outcome: 'error' });
    throw error;
  }
}
