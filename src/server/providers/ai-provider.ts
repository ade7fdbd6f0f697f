/** A JSON Schema object as the providers take it; `#shared/tasks/output-schema` names the same shape. */
export type JsonSchemaObject = Record<string, unknown>;

/** One interface for every AI provider (ARCHITECTURE section 6). */
export interface GenerateRequest {
  model: string;
  input: string;
  /** Left out for models that only accept their default. */
  temperature?: number;
  webSearch: boolean;
  /**
   * Asks for an answer in this shape, in the provider's own structured-output format (ADR 0120). The schema is
   * already in the strict form (every field required, no extra properties); the name is letters, digits, `_` and
   * `-`, at most 64, as OpenAI requires. Without it the request is what it always was.
   */
  output?: { name: string; schema: JsonSchemaObject };
  /** Ends the call: its job's process is stopping (ADR 0100). */
  signal?: AbortSignal;
}

export interface GenerateResult {
  /** With `output`, the JSON text of the answer, to be parsed and checked against the schema. */
  text: string;
  usage: { inputTokens: number | null; outputTokens: number | null };
  /** Set when the model refused to answer: its words, or '' when it gave none; `text` may then be empty. */
  refusal?: string;
  /** True when the answer stopped at the output-token limit, so it is incomplete (JSON cut mid-way). */
  truncated?: boolean;
}

/** Two calls' tokens together; unknown only when neither call reported any. */
export function sumTokens(first: number | null, second: number | null): number | null {
  return first === null && second === null ? null : (first ?? 0) + (second ?? 0);
}

export interface AiProvider {
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** A failure told in words a user can act on ("OpenAI rejected the API key"), never a stack trace. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  /**
   * The provider could not answer now (a server error, a 429, a timeout, no connection), so another model may
   * (ADR 0121); false when the request itself was refused (400, 401, 403, 404, no key), which another model would not mend.
   */
  readonly fallbackWorthy: boolean;

  constructor(message: string, { fallbackWorthy = false }: { fallbackWorthy?: boolean } = {}) {
    super(message);
    this.fallbackWorthy = fallbackWorthy;
  }
}

/**
 * What a run with an output schema says when the answer cannot be used (ADR 0120): the engine fails the run with
 * these, and the providers report the refusal and the cut-off they stand for.
 */
export const structuredFailureMessages = {
  refusal: (words: string) =>
    words.trim() ? `The model refused to answer: ${words.trim()}` : 'The model refused to answer and gave no reason.',
  truncated: "The answer was cut off at the model's output limit before it was complete.",
  mismatch: (path: string, message: string) => `Result did not match the output schema: ${path}: ${message}`,
} as const;
