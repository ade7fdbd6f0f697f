/** One interface for every AI provider (ARCHITECTURE section 6). */
export interface GenerateRequest {
  model: string;
  input: string;
  /** Left out for models that only accept their default. */
  temperature?: number;
  webSearch: boolean;
  /** Ends the call: its job's process is stopping (ADR 0100). */
  signal?: AbortSignal;
}

export interface GenerateResult {
  text: string;
  usage: { inputTokens: number | null; outputTokens: number | null };
}

export interface AiProvider {
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** A failure told in words a user can act on ("OpenAI rejected the API key"), never a stack trace. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
