import type { Run } from '#shared/runs/run.schema';
import { formatLocalDateTime } from './date-time';
import { deliveryOutcomeDetail, runBadge } from './delivery-text';
import { resendAddressConfirmation, resentText } from './address-confirmation';
import { toast, toastError } from './toast';

type CompletedRun = Pick<Run, 'status'> & Partial<Pick<Run, 'deliveryStatus' | 'deliveryError' | 'deliveryNextAttemptAt'>>;

/**
 * Run Now's toast for a completed run (spec section 4: "Task completed"). When the result did not arrive it says so in
 * the run's badge words, "Task completed · delivery retrying", with why under it: such a run is not a plain success.
 * An answer without the delivery (an older server) is the spec's toast.
 */
export function toastCompletedRun(run: CompletedRun, { ownRun = false }: { ownRun?: boolean } = {}) {
  const { deliveryStatus } = run;
  const badge = deliveryStatus ? runBadge({ ...run, deliveryStatus, deliveryError: run.deliveryError ?? null }) : undefined;
  if (!badge?.delivery) {
    toast.success('Task completed');
    return;
  }
  if (badge.delivery.awaitsOwnAddress) {
    // Not a plain success: the result waits for the owner's own address (ADR 0109). The action sends its mail again,
    // for the owner's own runs only (an administrator's Run Now of another's task is not theirs to confirm).
    toast.warning('Task completed · not delivered', {
      description: badge.delivery.label,
      action: ownRun ? { label: 'Resend e-mail', onClick: () => void resendFromToast() } : undefined,
    });
    return;
  }
  const title = `Task ${badge.label.charAt(0).toLowerCase()}${badge.label.slice(1)}`;
  const description = deliveryOutcomeDetail(badge.delivery, (iso) => formatLocalDateTime(iso)) ?? undefined;
  if (badge.tone === 'failure') toast.error(title, { description });
  else toast.warning(title, { description });
}

async function resendFromToast() {
  try {
    toast.success(resentText(await resendAddressConfirmation()));
  } catch (error) {
    toastError('Could not send the e-mail', error, 'Please try again.');
  }
}
