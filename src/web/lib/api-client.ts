import { errorResponseSchema } from '#shared/errors/error-response.schema';
import { workspaceHeaders } from './current-workspace';

/** Error raised for any non-2xx answer from our API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The server's machine-readable code from `{ error: { code } }`, when it sent one. */
    readonly code: string | undefined,
    /** The parsed JSON body (or null), for callers that treat some error statuses as answers. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Headers beyond the JSON ones, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or a crashed upstream can answer with HTML; the status still tells the caller what happened.
    return null;
  }
}

/**
 * Calls the API and returns the parsed JSON body. Callers parse it with the shared zod schema,
 * so the type is `unknown` here on purpose.
 */
export async function apiRequest(path: string, { method = 'GET', body, signal, headers: extra }: RequestOptions = {}): Promise<unknown> {
  // Every request names the acting workspace (ADR 0136); routes that act on none ignore it. A caller may name one itself.
  const headers: Record<string, string> = { ...workspaceHeaders(), ...extra, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    // The session lives in an HttpOnly cookie on our own origin.
    credentials: 'same-origin',
    signal,
  });

  const data = await readJson(response);
  if (!response.ok) {
    // A body in the API's error shape names the code and says what went wrong; any other (a proxy's error page) only
    // has its status to tell.
    const parsed = errorResponseSchema.safeParse(data);
    const message = parsed.success ? parsed.data.error.message : `Request failed with status ${response.status}`;
    const code = parsed.success ? parsed.data.error.code : undefined;
    throw new ApiError(response.status, message, code, data);
  }
  return data;
}

export const apiClient = {
  get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest(path, { ...options, method: 'GET' }),
  post: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  patch: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest(path, { ...options, method: 'DELETE' }),
};
