import { readRun } from './run-statements';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';
import { mailServer } from '../delivery-share';
import { channelFor, deliverAttempt, deliveryTargetOf } from '../delivery/deliver';
import { deliverToDestination } from '../delivery/fan-out';
import type { EngineDeps } from '../engine-deps';
import { deferredDeliveryFallbackMs } from '../engine-policy';

/**
 * A `deliver-run` job: one attempt of a finished run's delivery (e-mail's first, and every method's retries) through
 * the delivery seam (delivery/deliver.ts), once the owner's share of delivery slots, and for e-mail the SMTP server's,
 * has room. A run whose delivery is no longer pending is left alone, so a repeated job does nothing.
 */
export async function deliverRun(
  deps: EngineDeps,
  { runId, attempt, deferrals = 0, destinationId }: { runId: string; attempt: number; deferrals?: number; destinationId?: string },
): Promise<void> {
  const { db } = deps;
  const row = await readRun(db, runId);
  if (!row || row.run.deliveryStatus !== 'pending' || row.run.status === 'processing') return;
  // The owner's share of this process's delivery slots, and for e-mail the SMTP server's, which every user shares.
  const method = destinationId ? row.run.destinations?.find((state) => state.id === destinationId)?.method : deliveryTargetOf(row).method;
  if (!method) return;
  const byMail = channelFor(method).usesMailServer;
  const shares = [{ share: deps.deliveryShare, key: row.owner.id }, ...(byMail ? [{ share: deps.mailShare, key: mailServer }] : [])];
  const releases: (() => void)[] = [];
  for (const { share, key } of shares) {
    const release = share ? share.take(key) : () => {};
    if (release) {
      releases.push(release);
      continue;
    }
    for (const taken of releases) taken();
    // Full: the attempt waits in the queue, holding no slot, until a place frees here; the fallback time covers this
    // process dying meanwhile.
    const wait = (runAt: Date, mode: 'preserve_run_at' | 'replace') =>
      enqueue(deliverRunJob, { runId, attempt, deferrals: deferrals + 1, destinationId }, { db, runAt, jobKeyMode: mode });
    await wait(new Date(Date.now() + deferredDeliveryFallbackMs), 'replace');
    share?.whenFree(key, () => {
      wait(new Date(), 'replace').catch((error: unknown) =>
        deps.logger.warn({ runId, reason: (error as Error).message }, 'could not wake a waiting delivery'),
      );
    });
    return;
  }
  try {
    // A run with several destinations delivers each on its own (ADR 0127).
    if (destinationId) await deliverToDestination(deps, row, destinationId, attempt);
    else await deliverAttempt(deps, row, attempt);
  } finally {
    for (const release of releases) release();
  }
}
