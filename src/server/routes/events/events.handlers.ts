import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { RunEvent } from '#shared/runs/run-event.schema';
import type { AppEnv } from '../../app-env';
import { liveEventStreams } from '../../metrics/metrics';
import { DomainError } from '../../core/errors';
import { RunEventsUnavailableError } from '../../events/user-change-hub';
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

export const streamRunEvents: RouteHandler<typeof runEventsRoute, AppEnv> = async (c) => {
  const pending: RunEvent[] = [];
  let deliver: (event: RunEvent) => void = (event) => pending.push(event);
  let closedByHub = false;
  let endStream: () => void = () => {
    closedByHub = true;
  };

  // Subscribe before answering: the browser refetches when the stream opens, so no change may slip between the two.
  let unsubscribe: () => void;
  try {
    unsubscribe = await c.var.deps.userChanges.subscribe(c.var.sessionUser.id, {
      onRun: (event) => deliver(event),
      onClosed: () => endStream(),
    });
  } catch (error) {
    if (error instanceof RunEventsUnavailableError) throw new DomainError('unavailable', 503, 'Live updates are unavailable right now.');
    throw error;
  }

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
    } finally {
      liveEventStreams.dec();
      clearInterval(ping);
      unsubscribe();
    }
  });
};
