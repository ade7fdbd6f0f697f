import { EventEmitter } from 'node:events';
import type { Job, WorkerEvents } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { createRunShare } from './run-share';

let ids = 0;
const runOf = (owner: string) => ({ id: String(++ids), flags: { [`owner:${owner}`]: true } }) as unknown as Job;
const deliveryJob = () => ({ id: String(++ids), flags: null }) as unknown as Job;

/** graphile-worker's side of a fetch: `forbiddenFlags`, then the job it got (or none), as its events say. */
function setUp(perUser: number) {
  const events: WorkerEvents = new EventEmitter();
  const share = createRunShare({ perUser, events });
  const emit = (name: string, payload: object) => (events as EventEmitter).emit(name, payload);
  return {
    share,
    landed: (job: Job) => emit('job:start', { job }),
    foundNothing: () => emit('worker:getJob:empty', {}),
    finished: (job: Job) => emit('job:complete', { job, error: null }),
    /** A whole fetch that brings back `job` and starts it: the place it holds, or undefined when refused. */
    async start(job: Job) {
      await share.forbiddenFlags();
      emit('job:start', { job });
      return share.take(job);
    },
  };
}

const settled = async <T>(promise: Promise<T>, withinMs = 20) =>
  Promise.race([promise.then((value) => ({ value })), new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), withinMs))]);

describe('createRunShare', () => {
  it('lets only one of two workers fetch for the place a finished run gave back', async () => {
    const worker = setUp(2);
    const first = await worker.start(runOf('ada'));
    await worker.start(runOf('ada'));
    // A third worker finds only Ada's runs, all her places taken: it skips her, finds nothing, and waits.
    expect(await worker.share.forbiddenFlags()).toEqual(['owner:ada']);
    worker.foundNothing();
    const waiter = worker.share.forbiddenFlags();
    expect(await settled(waiter)).toBe('pending');

    first?.(); // one of her runs ends: the waiting worker fetches, and the one whose run ended must not fetch for her too
    expect(await settled(waiter)).toEqual({ value: [] });
    const freed = worker.share.forbiddenFlags();
    expect(await settled(freed)).toBe('pending');
    const next = runOf('ada');
    worker.landed(next);
    expect(worker.share.take(next)).toBeTypeOf('function');
    // After the quiet time it skips her again rather than fetching a run that would go back to the queue.
    expect(await settled(freed, 400)).toEqual({ value: ['owner:ada'] });
  });

  it('stops counting a fetch once it lands on a job without an owner, on nothing, or on a run that never took a place', async () => {
    const worker = setUp(2);
    await worker.start(runOf('grace'));
    for (const land of [() => worker.landed(deliveryJob()), () => worker.foundNothing()]) {
      expect(await worker.share.forbiddenFlags()).toEqual([]); // Grace has 1 place of 2; this fetch could bring the 2nd
      land();
      expect(await settled(worker.share.forbiddenFlags())).toEqual({ value: [] });
      worker.foundNothing();
    }
    const broken = runOf('grace');
    worker.landed(broken);
    worker.finished(broken); // its handler failed before taking a place
    expect(await settled(worker.share.forbiddenFlags())).toEqual({ value: [] });
  });

  it('refuses a run beyond its owner’s places and takes it once one is given back', async () => {
    const worker = setUp(1);
    const held = await worker.start(runOf('linus'));
    const extra = runOf('linus');
    worker.landed(extra);
    expect(worker.share.take(extra)).toBeUndefined();
    held?.();
    expect(worker.share.take(extra)).toBeTypeOf('function');
  });
});
