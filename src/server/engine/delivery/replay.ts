import { eq } from 'drizzle-orm';
import { destinationsOfTask } from '../../core/tasks/destinations';
import { taskRuns, type DeliveryReplay } from '../../db/schema';
import type { EngineDeps } from '../engine-deps';
import { readRun } from '../jobs/run-statements';
import { channelFor } from './deliver';

/**
 * A `replay-delivery` job (ADR 0129): one attempt through the destination's channel, the same seam call as any
 * delivery, to the destination as the task has it now; its outcome is the replay's, the run's own delivery untouched.
 */
export async function sendReplay(deps: EngineDeps, { runId, replayId }: { runId: string; replayId: string }): Promise<void> {
  const row = await readRun(deps.db, runId);
  const replay = row?.run.replays?.find((candidate) => candidate.id === replayId);
  if (!row || !replay || replay.status !== 'pending') return;
  const destination = destinationsOfTask(row.task).find((candidate) => candidate.id === replay.destinationId);
  let outcome: Partial<DeliveryReplay>;
  if (!destination) outcome = { status: 'skipped', error: 'The destination was removed from the task.' };
  else {
    const task = { ...row.task, ...row.run.taskSnapshot };
    const sent = await channelFor(destination.method).send({
      deps,
      run: row.run,
      task,
      owner: row.owner,
      target: { method: destination.method, config: destination.config },
      attempt: 1,
      taskUrl: `${deps.env.APP_URL}/dashboard/tasks/${task.id}`,
      replay: replay.webhookId && replay.replayOf ? { webhookId: replay.webhookId, of: replay.replayOf } : undefined,
    });
    outcome =
      sent.outcome === 'sent'
        ? { status: 'delivered', receipt: sent.receipt, error: null }
        : sent.outcome === 'failed'
          ? { status: 'failed', error: sent.error }
          : { status: 'skipped', error: sent.reason };
  }
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ replays: taskRuns.replays }).from(taskRuns).where(eq(taskRuns.id, runId)).for('update');
    const replays = (locked?.replays ?? []).map((candidate) => (candidate.id === replayId ? { ...candidate, ...outcome } : candidate));
    await tx.update(taskRuns).set({ replays }).where(eq(taskRuns.id, runId));
  });
  deps.logger.info({ runId, replayId, status: outcome.status }, 'delivery replayed');
}
