import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '#shared/ids/is-uuid';
import type { Database } from '../../db/client';
import { taskRuns, tasks, type DeliveryReplay } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { replayDeliveryJob } from '../../queue/job-definitions';
import { deliveryAddressStatus, heldDeliveryError } from '../delivery-addresses/delivery-address-status';
import { DomainError, NotFoundError } from '../errors';
import { destinationsOfRun, destinationsOfTask } from '../tasks/destinations';

/** The most replays of one run's deliveries in 24 hours (ADR 0129). */
export const replaysPerRunPerDay = 10;

export const replayMessages = {
  noDestination: 'This run has no such destination.',
  processing: 'This run is still going: its delivery can be sent again once it has finished.',
  unconfirmed: 'This address has not confirmed that it wants these results, so nothing can be sent to it.',
  removed: 'This destination has been removed from the task, so nothing can be sent to it again.',
  tooMany: `This run's deliveries have been sent again ${replaysPerRunPerDay} times in the last 24 hours. Please try again tomorrow.`,
} as const;

/**
 * Sends a run's delivery to one of its destinations again (ADR 0129): refused for a run still going, a destination
 * the task no longer has, an address that has not confirmed, and beyond `replaysPerRunPerDay`. The replay is recorded
 * on the run and a `replay-delivery` job sends it; a signed webhook gets a new `webhook-id` naming the original.
 */
export async function replayDelivery({
  db,
  workspaceId,
  runId,
  destinationId,
  now = new Date(),
}: {
  db: Database;
  workspaceId: string;
  runId: string;
  destinationId: string;
  now?: Date;
}): Promise<DeliveryReplay> {
  if (!isUuid(runId)) throw new NotFoundError('Run not found');
  return db.transaction(async (tx) => {
    // Locked: two replays at once both count the other.
    const [row] = await tx
      .select({ run: taskRuns, task: tasks })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(and(eq(taskRuns.id, runId), eq(taskRuns.workspaceId, workspaceId)))
      .for('update', { of: taskRuns });
    if (!row) throw new NotFoundError('Run not found');
    const { run, task } = row;
    const ofRun = run.destinations ?? destinationsOfRun({ run, task });
    if (!ofRun.some((destination) => destination.id === destinationId)) throw new NotFoundError(replayMessages.noDestination);
    if (run.status === 'processing') throw new DomainError('run_processing', 409, replayMessages.processing);
    const destination = destinationsOfTask(task).find((candidate) => candidate.id === destinationId);
    if (!destination) throw new DomainError('destination_removed', 409, replayMessages.removed);
    if (destination.method === 'email') {
      const address = await deliveryAddressStatus(tx, {
        userId: task.userId,
        workspaceId: task.workspaceId,
        email: destination.config.email ?? '',
      });
      if (heldDeliveryError(address.status)) throw new DomainError('address_not_confirmed', 409, replayMessages.unconfirmed);
    }
    const dayAgo = now.getTime() - 86_400_000;
    const recent = (run.replays ?? []).filter((replay) => Date.parse(replay.requestedAt) > dayAgo);
    if (recent.length >= replaysPerRunPerDay) throw new DomainError('rate_limited', 429, replayMessages.tooMany);
    const id = randomUUID();
    const signed = destination.method === 'webhook';
    const replay: DeliveryReplay = {
      id,
      destinationId,
      method: destination.method,
      requestedAt: now.toISOString(),
      status: 'pending',
      error: null,
      webhookId: signed ? `msg_${id}` : null,
      replayOf: signed ? `msg_${run.id}` : null,
      receipt: null,
    };
    await tx
      .update(taskRuns)
      .set({ replays: [...(run.replays ?? []), replay] })
      .where(eq(taskRuns.id, run.id));
    await enqueue(replayDeliveryJob, { runId: run.id, replayId: id }, { db: tx });
    return replay;
  });
}
