import type { Run } from '#shared/runs/run.schema';
import { addressNotConfirmedError, addressUnsubscribedError, ownAddressUnconfirmedError } from '#shared/tasks/delivery-address.schema';
import { deliveryMethods, type DeliveryMethod } from '#shared/tasks/task.schema';

const methodLabels: Record<DeliveryMethod, string> = { email: 'Email', webhook: 'Webhook', slack: 'Slack', discord: 'Discord' };

/** A delivery method as the user reads it: "Email", "Webhook", "Slack", "Discord"; an unknown one as it came. */
export function deliveryMethodLabel(method: string): string {
  return (deliveryMethods as readonly string[]).includes(method) ? methodLabels[method as DeliveryMethod] : method;
}

/** The part of a Slack or Discord webhook URL that names the service; what follows it is the secret. */
const publicPrefixes: Record<'slack' | 'discord', string> = { slack: '/services/', discord: '/api/webhooks/' };

/**
 * A Slack or Discord webhook URL as a page may show it: the host and the service's fixed path, then one character and
 * an ellipsis ("hooks.slack.com/services/T…"). The rest of the URL is the secret that lets anyone post in the
 * channel, so it never reaches the screen (screens get shared and recorded). Empty or broken URLs read "—".
 */
export function chatWebhookText(method: 'slack' | 'discord', url: string | undefined): string {
  if (!url) return '—';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '—';
  }
  const prefix = publicPrefixes[method];
  const visiblePath = parsed.pathname.startsWith(prefix) ? `${prefix}${parsed.pathname.charAt(prefix.length)}` : '/';
  return `${parsed.host}${visiblePath}…`;
}

/** What became of a run's delivery, as every screen and export names it. */
export type DeliveryOutcomeKind = 'delivered' | 'pending' | 'retrying' | 'failed' | 'not-delivered' | 'skipped-by-rule';

export type DeliveryOutcome = {
  kind: DeliveryOutcomeKind;
  /** "Delivered", "Retrying", "Failed", "Not delivered", "Skipped by a rule", "Pending". */
  label: string;
  /** Why it failed, is retrying or was not delivered: the last error, or the reason the run recorded. */
  reason: string | null;
  /** While retrying, when the next attempt is due (ISO), if the server knows. */
  nextAttemptAt: string | null;
  /**
   * Held until the account confirms its own e-mail address (ADR 0109): the label is the whole of it, "Not delivered:
   * confirm your e-mail address", and screens link it to where the confirmation mail is sent again.
   */
  awaitsOwnAddress?: true;
};

type DeliveredRun = Pick<Run, 'status' | 'deliveryStatus' | 'deliveryError'> & { deliveryNextAttemptAt?: string | null };

/** Reasons the delivery step itself gave for holding a result back; any other reason on a completed run is its rule's. */
const heldBackReasons: readonly string[] = [addressNotConfirmedError, addressUnsubscribedError, ownAddressUnconfirmedError];

/** "Not delivered: result unchanged" under a "Not delivered" or "Skipped by a rule" label reads "Result unchanged". */
function reasonText(reason: string | null): string | null {
  if (!reason) return null;
  const bare = reason.replace(/^Not delivered:\s*/i, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * A run's delivery as the user reads it. Between attempts the delivery is still pending on the server, but a run
 * whose last attempt failed is retrying, not "Pending"; a completed run held back by its task's rule (result unchanged,
 * condition not met) is skipped by a rule, while one the delivery could not send (address not confirmed, a failed run
 * by e-mail) is not delivered.
 */
export function deliveryOutcome(run: DeliveredRun): DeliveryOutcome {
  const reason = run.deliveryError ?? null;
  const nextAttemptAt = run.deliveryNextAttemptAt ?? null;
  const outcome = (kind: DeliveryOutcomeKind, label: string, why: string | null = null): DeliveryOutcome => ({
    kind,
    label,
    reason: why,
    nextAttemptAt: kind === 'retrying' ? nextAttemptAt : null,
  });
  switch (run.deliveryStatus) {
    case 'delivered':
      return outcome('delivered', 'Delivered');
    case 'pending':
      return reason || nextAttemptAt ? outcome('retrying', 'Retrying', reason) : outcome('pending', 'Pending');
    case 'failed':
      return outcome('failed', 'Failed', reason);
    case 'skipped':
      if (run.status === 'completed' && reason === ownAddressUnconfirmedError)
        return { ...outcome('not-delivered', ownAddressUnconfirmedError), awaitsOwnAddress: true };
      return run.status === 'completed' && reason && !heldBackReasons.includes(reason)
        ? outcome('skipped-by-rule', 'Skipped by a rule', reasonText(reason))
        : outcome('not-delivered', 'Not delivered', reasonText(reason));
  }
}

/** The colour of each outcome's word: red only for a delivery that failed, amber while it is retried or held back. */
export const deliveryOutcomeClassNames: Record<DeliveryOutcomeKind, string> = {
  delivered: 'text-emerald-700',
  pending: 'text-slate-600',
  retrying: 'text-amber-700',
  failed: 'text-red-700',
  // The result did not arrive, though nothing is broken in the sending (an unconfirmed address): a warning, not grey.
  'not-delivered': 'text-amber-700',
  'skipped-by-rule': 'text-slate-600',
};

/**
 * The outcome's detail on one line: "Next attempt 26/11/2026, 17:05. Last error: HTTP 502" while retrying, the error
 * of a failed delivery, the reason for one not delivered; null when there is nothing to add to the label.
 */
export function deliveryOutcomeDetail(outcome: DeliveryOutcome, formatTime: (iso: string) => string): string | null {
  if (outcome.kind === 'retrying') {
    const next = outcome.nextAttemptAt ? nextAttemptText(outcome.nextAttemptAt, formatTime) : 'It will be tried again.';
    return outcome.reason ? `${next} Last error: ${outcome.reason}` : next;
  }
  return outcome.reason;
}

/** When a delivery, or one destination's (ADR 0127), is tried next: "Next attempt 26/11/2026, 17:05." */
export function nextAttemptText(nextAttemptAt: string, formatTime: (iso: string) => string): string {
  return `Next attempt ${formatTime(nextAttemptAt)}.`;
}

/** How a run's badge looks: its status's colour, or a warning's when the result did not arrive. */
export type RunBadgeTone = 'progress' | 'success' | 'warning' | 'failure' | 'neutral';

export type RunBadge = {
  /**
   * "Completed", or "Completed · delivery retrying", "Completed · delivery failed", "Completed · not delivered", or
   * "Not delivered: confirm your e-mail address" (ADR 0109).
   */
  label: string;
  tone: RunBadgeTone;
  /** What became of a completed run's delivery when it did not arrive; null when there is nothing to warn of. */
  delivery: DeliveryOutcome | null;
};

const runStatusLabels: Record<string, string> = { processing: 'Processing', completed: 'Completed', error: 'Error' };

/** Each outcome that means a completed run's result did not reach its target, as the badge adds it after "Completed". */
const missedDeliveries: Partial<Record<DeliveryOutcomeKind, { words: string; tone: RunBadgeTone }>> = {
  retrying: { words: 'delivery retrying', tone: 'warning' },
  failed: { words: 'delivery failed', tone: 'failure' },
  'not-delivered': { words: 'not delivered', tone: 'warning' },
};

/**
 * A run's status and its delivery as one badge reads them (ADR 0106), on every screen that shows a run: a completed run
 * whose result did not arrive is not a plain green "Completed". A run a rule held back, or one still being delivered
 * for the first time, is. Statuses this build does not know read as they came, in grey.
 */
export function runBadge(run: DeliveredRun): RunBadge {
  const label = runStatusLabels[run.status] ?? run.status.charAt(0).toUpperCase() + run.status.slice(1);
  if (run.status === 'processing') return { label, tone: 'progress', delivery: null };
  if (run.status === 'error') return { label, tone: 'failure', delivery: null };
  if (run.status !== 'completed') return { label, tone: 'neutral', delivery: null };
  const delivery = deliveryOutcome(run);
  // The one thing to do is the owner's, and it is the same on every run: the badge says it in full.
  if (delivery.awaitsOwnAddress) return { label: delivery.label, tone: 'warning', delivery };
  const missed = missedDeliveries[delivery.kind];
  return missed ? { label: `${label} · ${missed.words}`, tone: missed.tone, delivery } : { label, tone: 'success', delivery: null };
}
