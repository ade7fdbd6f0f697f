// @ts-check
import { createApiClient } from '../../src/shared/api/create-client.js';

/** The command line's exit codes (ADR 0126). */
export const exitCodes = { ok: 0, api: 1, usage: 2, auth: 3, notFound: 4, conflict: 5 };

/** A failure that ends the command with `code` after printing `message` on standard error. */
export class CliError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * The API client for `PROMPTCRON_URL` with the key in `PROMPTCRON_KEY`: the same typed client the tests and scripts
 * use (ADR 0115), so the command line never spells a route the document does not have.
 *
 * @param {NodeJS.ProcessEnv} env
 */
export function clientFromEnv(env) {
  const baseUrl = env.PROMPTCRON_URL?.trim();
  const apiKey = env.PROMPTCRON_KEY?.trim();
  if (!baseUrl || !apiKey) {
    const missing = [!baseUrl && 'PROMPTCRON_URL', !apiKey && 'PROMPTCRON_KEY'].filter(Boolean).join(' and ');
    throw new CliError(
      !baseUrl ? exitCodes.usage : exitCodes.auth,
      `${missing} ${missing.includes(' and ') ? 'are' : 'is'} not set. Set PROMPTCRON_URL to your server (https://cron.example.com) and PROMPTCRON_KEY to an API key from Settings → API keys.`,
    );
  }
  try {
    new URL(baseUrl);
  } catch {
    throw new CliError(exitCodes.usage, `PROMPTCRON_URL is not a URL: ${baseUrl}`);
  }
  return createApiClient({ baseUrl: baseUrl.replace(/\/$/, ''), apiKey, headers: { 'User-Agent': 'promptcron-cli' } });
}

/** @typedef {ReturnType<typeof clientFromEnv>} Api */

/**
 * The data of an answer, or a CliError with the exit code its status means: 401 and 403 (a read key writing) are
 * auth, 404 not found, 409, 429 and a plan limit conflict or limit, anything else an API error.
 *
 * @template T
 * @param {Promise<{ data?: T, error?: unknown, response: Response }>} request
 * @returns {Promise<T>}
 */
export async function answer(request) {
  let result;
  try {
    result = await request;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new CliError(exitCodes.api, `Could not reach the server${cause}.`);
  }
  const { data, error, response } = result;
  if (response.ok) return /** @type {T} */ (data);
  const body = /** @type {{ error?: { code?: string, message?: string, fields?: Record<string, string> } } | undefined} */ (error);
  const code = body?.error?.code;
  const fields = Object.entries(body?.error?.fields ?? {})
    .filter(([, message]) => message !== body?.error?.message)
    .map(([field, message]) => `\n  ${field}: ${message}`)
    .join('');
  const message = `${body?.error?.message ?? `The server answered ${response.status}.`}${fields}`;
  const status = response.status;
  if (status === 401 || (status === 403 && code !== 'plan_limit')) throw new CliError(exitCodes.auth, message);
  if (status === 404) throw new CliError(exitCodes.notFound, message);
  if (status === 409 || status === 429 || code === 'plan_limit') throw new CliError(exitCodes.conflict, message);
  throw new CliError(exitCodes.api, message);
}
