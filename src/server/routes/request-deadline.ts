import type { Context, Next } from 'hono';
import type { AppEnv } from '../app-env';
import { probeDatabase } from '../core/system/check-health';
import { abandon, runAbandonable, type AbandonableRequest } from '../db/abandonable-requests';
import { databaseUnavailableBody } from './errors';

/**
 * How long an API request may go unanswered before the database is checked. A database that hangs (its host frozen,
 * a network that drops packets) leaves open connections waiting forever, and no error ever reaches the handler; a
 * stopped one is noticed at once and needs none of this.
 */
const requestDeadlineMs = 6_000;

/** The live event stream is meant to stay open. */
const endless = new Set(['/api/events']);

/** Methods that change nothing: their work needs no undoing when the deadline answers for them. */
const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Answers `503 database_unavailable` (issue 38) when a request is still running at its deadline and the database does
 * not answer a probe within 2 s: within 10 s instead of never. A request that is merely slow (Run Now waits for its
 * run, an export reads a year of history) keeps going when the probe answers. The abandoned handler ends by itself
 * once the database answers again; whatever it would still write is abandoned (ADR 0103), so a 503 means nothing
 * happened and a retry cannot make something twice.
 */
export async function answerWithinDeadline(c: Context<AppEnv>, next: Next): Promise<Response | void> {
  if (endless.has(c.req.path)) return next();
  let timer: NodeJS.Timeout | undefined;
  let changes: AbandonableRequest | undefined;
  let work: Promise<void>;
  if (readOnly.has(c.req.method)) work = next();
  else ({ request: changes, done: work } = runAbandonable(next));
  const handled = work.then(() => 'answered' as const);
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), requestDeadlineMs)));
  const first = await Promise.race([handled, late]);
  clearTimeout(timer);
  if (first === 'answered' || (await probeDatabase(c.var.deps.pool))) {
    await handled;
    return;
  }
  if (changes) abandon(changes);
  handled.catch(() => undefined);
  c.var.log.warn({ path: c.req.path, deadlineMs: requestDeadlineMs }, 'database unavailable: no answer by the deadline');
  c.header('Retry-After', '5');
  return c.json(databaseUnavailableBody, 503);
}
