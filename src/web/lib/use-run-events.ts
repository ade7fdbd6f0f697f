import { useEffect, useRef } from 'react';
import { sessionEndedEventSchema, type SessionEndReason } from '#shared/auth/session-ended.schema';
import { runEventSchema, type RunEvent } from '#shared/runs/run-event.schema';
import { useCurrentWorkspaceId, withWorkspaceQuery } from './current-workspace';

/** `GET /api/events`: Server-Sent Events about the runs of the acting workspace (`?workspace=`: no header here). */
export const runEventsPath = '/api/events';

/** The wait before reconnecting after the server refused or dropped the stream: 1 s, 2 s, 4 s … up to 30 s, jittered. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

type RunEventHandlers = {
  /** The event as the server sent it, its run's status included. */
  onRun: (event: RunEvent) => void;
  /** The stream is back after a break: events may have been missed, so whatever they would have refreshed should be. */
  onResync: () => void;
  /**
   * The stream's session ended (signed out elsewhere, password changed, suspended...). Resolves true when the browser
   * is signed in with a newer session all the same (its password changed here), and the stream opens again with it;
   * otherwise it stays closed for good.
   */
  onSessionEnded: (reason: SessionEndReason) => Promise<boolean>;
};

/**
 * Listens to the user's run events while mounted. A dropped connection is retried by the browser itself; one the
 * server refused (a 401 between sign-outs, a proxy's error page) is closed by the browser and retried here with
 * backoff. Neither is shown to the user: the pages still work, they just update on their next fetch.
 */
export function useRunEvents(handlers: RunEventHandlers): void {
  const latest = useRef(handlers);
  // Another workspace is another stream: switching closes this one and opens its own.
  const workspaceId = useCurrentWorkspaceId();
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    // Browsers without EventSource (and test DOMs) simply get no live updates.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: number | undefined;
    let attempt = 0;
    let interrupted = false;
    let unmounted = false;

    const connect = () => {
      const current = new EventSource(withWorkspaceQuery(runEventsPath, workspaceId));
      source = current;
      current.addEventListener('open', () => {
        attempt = 0;
        if (interrupted) latest.current.onResync();
        interrupted = false;
      });
      current.addEventListener('run', (message) => {
        const parsed = runEventSchema.safeParse(safeJson((message as MessageEvent<string>).data));
        // An event this build does not understand is skipped, not a broken page.
        if (parsed.success) latest.current.onRun(parsed.data);
      });
      current.addEventListener('session-ended', (message) => {
        const parsed = sessionEndedEventSchema.safeParse(safeJson((message as MessageEvent<string>).data));
        // Closed at once: the browser's own reconnect, if no newer session took this one's place, would only meet 401.
        current.close();
        void latest.current.onSessionEnded(parsed.success ? parsed.data.reason : 'signed-out').then((stillSignedIn) => {
          if (!stillSignedIn || unmounted) return;
          // Events may have been missed while the stream was closed.
          interrupted = true;
          connect();
        });
      });
      current.addEventListener('error', () => {
        interrupted = true;
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        retryTimer = window.setTimeout(connect, reconnectDelayMs(attempt++));
      });
    };

    connect();
    return () => {
      unmounted = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [workspaceId]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
