import { and, eq, lt } from 'drizzle-orm';
import { taskRuns } from '../../db/schema';
import type { EngineDeps } from '../engine-deps';
import { runTimeoutMs } from '../engine-policy';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';

/**
 * Finishes runs whose worker died mid-call (ARCHITECTURE section 6): nothing stays processing forever. The run is
 * an error with "Run interrupted", delivered like any failure so a webhook receiver hears of it.
 */
export async function sweepInterruptedRuns(deps: EngineDeps, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const interrupted = await tx
      .update(taskRuns)
      .set({
        status: 'error',
        error: 'Run interrupted: the worker running it stopped. The next scheduled run will try again.',
        completedAt: now,
      })
      .where(and(eq(taskRuns.status, 'processing'), lt(taskRuns.startedAt, new Date(now.getTime() - runTimeoutMs))))
      .returning({ id: taskRuns.id });
    for (const { id } of interrupted) await enqueue(deliverRunJob, { runId: id, attempt: 1 }, { db: tx });
    if (interrupted.length > 0) deps.logger.warn({ runs: interrupted.length }, 'finished interrupted runs');
    return interrupted.length;
  });
}
