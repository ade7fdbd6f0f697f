import type { Job, WorkerEvents } from 'graphile-worker';

/** After a fetch that skipped someone's runs found nothing, the next such fetch waits this long (or for a free place). */
const quietFetchMs = 250;

/**
 * Issue 18: one user's runs stuck on a provider that hangs must not hold every slot of a worker process. Each
 * execute-run job carries its owner's flag (queue/job-definitions.ts `ownerFlag`), and a run holds one of its
 * owner's places in this process while it runs. Before fetching, a worker asks graphile-worker to skip the owners
 * whose places are all taken: their jobs stay queued, holding no slot. A run that started beyond its owner's places
 * anyway is refused by `take` and goes back to the queue for a moment.
 *
 * A fetch under way may bring back a run of any owner, so until it lands it counts as a place of every owner who has
 * runs here (ADR 0081). Without that, the worker whose run just ended and the one that was waiting for a place both
 * fetched, one of the two runs was refused, and a one-user burst sent about 4 runs in 10 back to the queue.
 *
 * Skipping is not free: PostgreSQL reads past every skipped job to find another, and a burst of one user's runs is
 * thousands of them. So after such a fetch found nothing, the next one waits a quarter second, or until a place is
 * given back, instead of reading the whole burst again at every job added to the queue (ADR 0037).
 */
export interface RunShare {
  /** graphile-worker's `forbiddenFlags`: the owners whose places in this process are all taken. */
  forbiddenFlags(): Promise<string[]>;
  /** One of the job's owner's places, with the function that gives it back; undefined when none is free. */
  take(job: Job): (() => void) | undefined;
}

export function createRunShare({ perUser, events }: { perUser: number; events: WorkerEvents }): RunShare {
  const taken = new Map<string, number>();
  let fetching = 0;
  let skipping = false;
  let skippedInVainAt = -Infinity;
  const waiting = new Set<() => void>();
  const wakeWaiting = () => {
    for (const wake of [...waiting]) wake();
  };
  // Every fetch a worker makes asks for `forbiddenFlags` first and ends in exactly one of these. A fetched run counts
  // as fetching until its handler takes a place (or refuses it), so no other worker sees its owner one place short.
  const landing = new Set<string>();
  const fetchLanded = () => {
    fetching = Math.max(0, fetching - 1);
  };
  const runLanded = (job: Job) => {
    if (landing.delete(job.id)) fetchLanded();
  };
  events.on('job:start', ({ job }) => {
    if (Object.keys(job.flags ?? {}).length > 0) landing.add(job.id);
    else fetchLanded();
  });
  // A run whose handler failed before taking a place.
  events.on('job:complete', ({ job }) => runLanded(job));
  events.on('worker:getJob:error', () => {
    fetchLanded();
    wakeWaiting();
  });
  events.on('worker:getJob:empty', () => {
    fetchLanded();
    if (skipping) skippedInVainAt = Date.now();
    wakeWaiting();
  });
  const ownersAtShare = () => [...taken].filter(([, count]) => count + fetching >= perUser).map(([flag]) => flag);
  const placeFreedOrAfter = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
    });

  return {
    async forbiddenFlags() {
      for (;;) {
        const owners = ownersAtShare();
        const wait = skippedInVainAt + quietFetchMs - Date.now();
        if (owners.length === 0 || wait <= 0) {
          fetching++;
          skipping = owners.length > 0;
          return owners;
        }
        await placeFreedOrAfter(wait);
      }
    },
    take(job) {
      runLanded(job);
      const flags = Object.keys(job.flags ?? {});
      if (flags.some((flag) => (taken.get(flag) ?? 0) >= perUser)) return undefined;
      for (const flag of flags) taken.set(flag, (taken.get(flag) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const flag of flags) {
          const left = (taken.get(flag) ?? 1) - 1;
          if (left > 0) taken.set(flag, left);
          else taken.delete(flag);
        }
        wakeWaiting();
      };
    },
  };
}
