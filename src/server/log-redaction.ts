/**
 * The last pass over every log line before it is written (ADR 0097): whatever a library logs, a secret it carries is
 * replaced by `[redacted]`. Named fields (`password`, `token`, headers) are redacted by pino before this; this pass is
 * for secrets inside text: a failed query's parameters, a link's query string, and values shaped like our tokens.
 * It works on the JSON line, so it never touches a backslash escape and the line stays valid JSON.
 */

export const redacted = '[redacted]';

// A failed query's message ends with its parameters ("Failed query: select … where token = $1\nparams: <token>"):
// up to the end of that line (an escaped `\n`: a stack trace follows) or of the JSON string.
const queryParameters = /(params: ?)(?:[^"\\]|\\[^n])*/g;

// `?name=value&name=value` in a URL: the names stay, so a reader still sees which link or route it was.
const urlQueryValues = /([?&][\w.~%-]+=)[^&#"\s\\]+/g;

// A JSON escape (`\n` before a value), else a run of the characters our tokens are made of. Session tokens are 32
// letters and digits, API keys `pc_` and 43, reset and invitation links 24 to 43 base64url characters.
const escapeOrRun = /\\.|[A-Za-z0-9_-]{20,}/g;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Webhook secrets are standard base64, whose `+` and `/` would cut them into runs too short to look random.
const webhookSecret = /whsec_[A-Za-z0-9+/=]+/g;

export function redactSecrets(line: string): string {
  return line
    .replace(queryParameters, `$1${redacted}`)
    .replace(urlQueryValues, `$1${redacted}`)
    .replace(webhookSecret, redacted)
    .replace(escapeOrRun, (found) => (found.startsWith('\\') || !looksRandom(found) ? found : redacted));
}

/**
 * Whether a long run of letters and digits reads as random rather than as a name. Ids (UUIDs, which the logs need),
 * words joined by `-` or `_` (`0031_proven_addresses`, `promptcron-2026-11-26-0247`), `camelCase` names in stack traces
 * and `SNAKE_CASE` codes do not; a token mixes digits into its letters, or capitals with small letters far more often
 * than names capitalise. A 32-character session token with neither is about one in a hundred thousand.
 */
function looksRandom(run: string): boolean {
  if (uuid.test(run)) return false;
  if (run.split(/[-_]/).some((part) => part.length >= 6 && /\d/.test(part) && /[A-Za-z]/.test(part))) return true;
  const letters = run.replace(/[^A-Za-z]/g, '');
  const capitals = letters.replace(/[^A-Z]/g, '').length;
  return capitals < letters.length && capitals * 4 >= letters.length;
}
