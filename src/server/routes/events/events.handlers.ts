import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { SessionEndReason } from '#shared/auth/session-ended.schema';
import type { RunEvent } from '#shared/runs/run-event.schema';
import type { AppEnv } from '../../app-env';
import { sessionEndReason } from '../../auth/session-end';
import { DomainError } from '../../core/errors';
import { findMembership, workspaceNotFound } from '../../core/workspaces/workspace-membership';
import { maxStreamsPerUser, RunEventsUnavailableError, TooManyStreamsError } from '../../events/user-change-hub';
import { liveEventStreams } from '../../metrics/metrics';
import { errorBody } from '../errors';
import type { runEventsRoute } from './events.routes';

/** Proxies and load balancers close connections idle for a minute or so; a comment line every 25 s keeps it open. */
const pingIntervalMs = 25_000;
/** How long a browser waits before reconnecting after the stream ended (the EventSource default is about 3 s). */
const reconnectMs = 2_000;
/**
 * Events written but not yet taken by the connection. Beyond this the browser is too slow, or the burst too big
 * (thousands of runs starting at once), to be worth sending event by event: the stream ends, and the browser
 * reconnects and refetches what it shows, rather than this process buffering without bound.
 */
const maxUnsentEvents = 1_000;
/** setTimeout's longest delay; a session that lasts longer is checked again then. */
const maxTimerMs = 2_147_483_647;

export const streamRunEvents: RouteHandler<typeof runEventsRoute, AppEnv> = async (c) => {
  const { auth, db, userChanges } = c.var.deps;
  const userId = c.var.sessionUser.id;
  const workspaceId = c.var.workspace.id;
  const current = await auth.api.getSession({ headers: c.req.raw.headers });
  // Signed out between the session check and here.
  if (!current) return c.json(errorBody('unauthorized', 'Please sign in to continue.'), 401);
  const opened = new Date();

  const pending: RunEvent[] = [];
  let deliver: (event: RunEvent) => void = (event) => pending.push(event);
  let closedByHub = false;
  let endStream: () => void = () => {
    closedByHub = true;
  };

  // A stream lives as long as its session: every change to the user's account or sessions is a reason to look again.
  let ended: SessionEndReason | undefined;
  let checking: Promise<void> | undefined;
  let checkAgain = false;
  const checkSession = (): void => {
    if (checking) return void (checkAgain = true);
    checking = sessionEndReason(db, { userId, sessionId: current.session.id, since: opened })
      .then((reason) => {
        if (reason && !ended) {
          ended = reason;
          endStream();
        }
      })
      .catch((error: unknown) => c.var.log.warn({ err: error }, 'live run events: session check failed'))
      .finally(() => {
        checking = undefined;
        if (checkAgain && !ended) {
          checkAgain = false;
          checkSession();
        }
      });
  };

  // Subscribe before answering: the browser refetches when the stream opens, so no change may slip between the two.
  let unsubscribe: () => void;
  try {
    unsubscribe = await userChanges.subscribe(
      userId,
      {
        onRun: (event) => deliver(event),
        onAccountChanged: checkSession,
        // Removed from the workspace, or left it: what it does is no longer theirs to watch (ADR 0131). An account's
        // deletion ends its memberships too; the stream then says why, as for any end of its session.
        onMembershipEnded: () =>
          void sessionEndReason(db, { userId, sessionId: current.session.id, since: opened })
            .then((reason) => (ended ??= reason))
            .catch((error: unknown) => c.var.log.warn({ err: error }, 'live run events: session check failed'))
            .finally(() => endStream()),
        onClosed: () => endStream(),
      },
      { workspaceId },
    );
  } catch (error) {
    if (error instanceof RunEventsUnavailableError) throw new DomainError('unavailable', 503, 'Live updates are unavailable right now.');
    if (error instanceof TooManyStreamsError) {
      throw new DomainError(
        'rate_limited',
        429,
        `Live updates are open in ${maxStreamsPerUser} places for your account. Close some tabs and reload this one.`,
      );
    }
    throw error;
  }
  // A removal committed between the membership check and the LISTEN was announced to nobody here.
  if (!(await findMembership({ db, workspaceId, userId }))) {
    unsubscribe();
    throw workspaceNotFound();
  }
  const expiry = setTimeout(checkSession, Math.min(Math.max(0, current.session.expiresAt.getTime() - Date.now()), maxTimerMs));

  // Tell nginx-style proxies not to buffer the stream.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let unsent = 0;
    const send = (event: RunEvent) => {
      if (unsent >= maxUnsentEvents) return endStream();
      unsent += 1;
      void stream.writeSSE({ event: 'run', data: JSON.stringify(event) }).finally(() => (unsent -= 1));
    };
    await stream.write(`retry: ${reconnectMs}\n\n`);
    pending.splice(0).forEach(send);
    deliver = send;
    const ping = setInterval(() => void stream.write(': ping\n\n'), pingIntervalMs);
    liveEventStreams.inc();
    try {
      await new Promise<void>((resolve) => {
        endStream = resolve;
        if (closedByHub) resolve();
        stream.onAbort(resolve);
      });
      // The last word of a stream whose session ended; the browser's reconnect then meets 401 and stops.
      if (ended && !stream.aborted) await stream.writeSSE({ event: 'session-ended', data: JSON.stringify({ reason: ended }) });
    } finally {
      liveEventStreams.dec();
      clearInterval(ping);
      clearTimeout(expiry);
      unsubscribe();
    }
  });
};
