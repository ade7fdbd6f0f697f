import type { Job, WorkerEvents } from 'graphile-worker';

/** After a fetch that skipped someone's runs found nothing, the next such fetch waits this long (or for a free place). */
const quietFetchMs = 250;

/**
 * Issue 18: one user's runs stuck on a provider that hangs must not hold every slot of a worker process. Each
 * execute-run job carries its owner's flag (queue/job-definitions.ts `ownerFlag`), and a run holds one of its
 * owner's places in this process while it runs. Before fetching, a worker asks graphile-worker to skip the owners
 * whose places are all taken: their jobs stay queued, holding no slot. Workers that fetched at the same instant may
 * still start more of one owner's jobs than there are places; `take` refuses those, and the run goes back to the
 * queue for a moment.
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
  let skipping = false;
  let skippedInVainAt = -Infinity;
  let placeFreed: (() => void) | undefined;
  events.on('worker:getJob:empty', () => {
    if (skipping) skippedInVainAt = Date.now();
  });
  const ownersAtShare = () => [...taken].filter(([, count]) => count >= perUser).map(([flag]) => flag);

  return {
    async forbiddenFlags() {
      const wait = skippedInVainAt + quietFetchMs - Date.now();
      if (ownersAtShare().length > 0 && wait > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          const previous = placeFreed;
          placeFreed = () => {
            clearTimeout(timer);
            previous?.();
            resolve();
          };
        });
      }
      const owners = ownersAtShare();
      skipping = owners.length > 0;
      return owners;
    },
    take(job) {
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
        const wake = placeFreed;
        placeFreed = undefined;
        wake?.();
      };
    },
  };
}
