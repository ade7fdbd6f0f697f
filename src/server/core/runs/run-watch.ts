import type { UserChangeHub } from '../../events/user-change-hub';

/** How often a run is read while this process hears no run changes (no listening connection). */
const pollMs = 250;

export interface RunWatch {
  /**
   * Resolves once reading the run is worth it: it left "processing", runs of the user's were removed (its task
   * deleted), this process began to stop, or, without live run events, `pollMs` passed; at the latest after `ms`.
   */
  settled(runId: string, ms: number): Promise<void>;
  stop(): void;
}

/**
 * Hears the end of a user's runs through the process's run event hub (docs/decisions/0074). Made before the run
 * exists, so its end cannot pass between the commit that creates it and the wait; without the hub, or when it cannot
 * listen or stops, the run is read every `pollMs` instead.
 */
export async function watchRunsOf(hub: UserChangeHub | undefined, userId: string, stopping?: AbortSignal): Promise<RunWatch> {
  /** Runs that ended before anyone waited for them: only until the awaited run is known. */
  const ended = new Set<string>();
  let awaited: string | undefined;
  let removed = false;
  let live = false;
  let wake: (() => void) | undefined;
  let unsubscribe = () => {};
  if (hub) {
    try {
      unsubscribe = await hub.subscribe(userId, {
        onRun: (event) => {
          if (event.status === 'processing' || (awaited !== undefined && event.runId !== awaited)) return;
          ended.add(event.runId);
          wake?.();
        },
        onHistoryChanged: () => {
          removed = true;
          wake?.();
        },
        onClosed: () => {
          live = false;
          wake?.();
        },
      });
      live = true;
    } catch {
      // The hub logs why it cannot listen; the run is read on a timer as before live events existed.
    }
  }
  const worthReading = (runId: string) => ended.has(runId) || removed || stopping?.aborted === true;
  const onStopping = () => wake?.();
  stopping?.addEventListener('abort', onStopping);
  return {
    async settled(runId, ms) {
      if (awaited === undefined) {
        awaited = runId;
        for (const other of ended) if (other !== runId) ended.delete(other);
      }
      if (!worthReading(runId)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          };
          const timer = setTimeout(done, live ? ms : Math.min(pollMs, ms));
          wake = () => {
            if (worthReading(runId) || !live) done();
          };
        });
      }
      removed = false;
    },
    stop: () => {
      unsubscribe();
      stopping?.removeEventListener('abort', onStopping);
    },
  };
}
