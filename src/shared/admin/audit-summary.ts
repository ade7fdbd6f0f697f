/**
 * An audit entry in words (issue 37): a sentence ("Changed Bob's plan from Free to Pro") and what changed, before and
 * after. Computed from the stored details rather than stored, so entries written before this wording read well too.
 */

export interface AuditChange {
  label: string;
  /** Null: the value did not exist before (a new plan), or an older entry did not keep it. */
  from: string | null;
  to: string;
}

export interface AuditDescription {
  summary: string;
  changes: AuditChange[];
}

type Details = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** "user.plan_change" reads "User plan change": an action added later still reads as words. */
const actionWords = (action: string) => {
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const possessive = (name: string) => `${name}’s`;

const limitLabels: Record<string, string> = {
  active_tasks: 'Active tasks',
  monthly_runs: 'Runs a month',
  min_interval_minutes: 'Minutes between runs, at least',
};

const planFieldLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  currency: 'Currency',
  billingCycle: 'Billing cycle',
  stripePriceId: 'Stripe price',
  isActive: 'Offered',
};

/** Prices are stored in cents; "15.00 USD" reads without knowing the currency's format. */
function planValue(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return field === 'description' || field === 'stripePriceId' ? 'None' : '—';
  if (field === 'price' && typeof value === 'number') return `${(value / 100).toFixed(2)} ${currency.toUpperCase()}`;
  if (field === 'isActive') return value ? 'Yes' : 'No';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const limitValue = (value: unknown) => (value === null || value === undefined ? 'Unlimited' : String(value));

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } => typeof value === 'object' && value !== null && 'to' in value;

function planChanges(details: Details): AuditChange[] {
  const currency = text(details.currency) ?? 'usd';
  const changes: AuditChange[] = [];
  // Written since issue 37: each changed field and limit with its value before and after.
  const fieldChanges = typeof details.changes === 'object' && details.changes !== null ? (details.changes as Details) : undefined;
  if (fieldChanges) {
    const currencyChange = isFromTo(fieldChanges.currency) ? fieldChanges.currency : undefined;
    const fromCurrency = text(currencyChange?.from) ?? currency;
    for (const [field, change] of Object.entries(fieldChanges)) {
      if (!isFromTo(change)) continue;
      const label = planFieldLabels[field] ?? field;
      changes.push({ label, from: planValue(field, change.from, fromCurrency), to: planValue(field, change.to, currency) });
    }
  }
  if (typeof details.limitChanges === 'object' && details.limitChanges !== null) {
    for (const [feature, change] of Object.entries(details.limitChanges as Details)) {
      if (!isFromTo(change)) continue;
      changes.push({ label: limitLabels[feature] ?? feature, from: limitValue(change.from), to: limitValue(change.to) });
    }
  }
  if (fieldChanges) return changes;
  // New plans, and plan edits recorded before issue 37: the values given, without what they replaced.
  const given: Details = { price: details.price, billingCycle: details.billingCycle, ...(details.changed as Details | undefined) };
  for (const [field, value] of Object.entries(given)) {
    if (value !== undefined) changes.push({ label: planFieldLabels[field] ?? field, from: null, to: planValue(field, value, currency) });
  }
  if (Array.isArray(details.limits)) {
    for (const limit of details.limits as { featureName?: unknown; limitValue?: unknown }[]) {
      const feature = String(limit.featureName);
      changes.push({ label: limitLabels[feature] ?? feature, from: null, to: limitValue(limit.limitValue) });
    }
  }
  return changes;
}

const status = (from: string, to: string): AuditChange[] => [{ label: 'Status', from, to }];

/** The sentence and the before-and-after of one entry; `targetId` names the target when the details do not. */
export function describeAuditEntry({
  action,
  details,
  targetId,
}: {
  action: string;
  details: Details;
  targetId?: string;
}): AuditDescription {
  const user = text(details.name) ?? text(details.email) ?? targetId ?? 'a user';
  const owner = text(details.ownerName) ?? text(details.ownerEmail);
  const task = `${owner ? `${possessive(owner)} task` : 'task'} ${text(details.taskName) ?? text(details.name) ?? targetId ?? ''}`.trim();
  const plan = text(details.name) ?? targetId ?? 'a plan';
  switch (action) {
    case 'user.invite':
      return {
        summary: `Invited ${user}${text(details.email) && user !== details.email ? ` (${String(details.email)})` : ''}`,
        changes: [],
      };
    case 'user.invitation_resend':
      return { summary: `Resent ${possessive(user)} invitation`, changes: [] };
    case 'user.plan_change': {
      const to = text(details.toPlan) ?? 'another plan';
      // Before issue 37 only the old plan's id was kept; none means the user was on Free.
      const from = text(details.fromPlan) ?? (details.fromPlanId === null ? 'Free' : undefined);
      return {
        summary: from ? `Changed ${possessive(user)} plan from ${from} to ${to}` : `Changed ${possessive(user)} plan to ${to}`,
        changes: [{ label: 'Plan', from: from ?? null, to }],
      };
    }
    case 'user.role_change': {
      const from = text(details.from) ?? null;
      const to = text(details.to) ?? '—';
      return { summary: to === 'admin' ? `Made ${user} an administrator` : `Made ${user} a user`, changes: [{ label: 'Role', from, to }] };
    }
    // The status before or after, kept since the Users list told active and inactive (invited) accounts apart; older
    // entries did not keep it.
    case 'user.suspend':
      return { summary: `Suspended ${user}`, changes: status(text(details.fromStatus) ?? 'active', 'suspended') };
    case 'user.unsuspend':
      return { summary: `Unsuspended ${user}`, changes: status('suspended', text(details.toStatus) ?? 'active') };
    case 'user.delete':
      return { summary: `Deleted ${possessive(user)} account`, changes: [] };
    case 'user.password_reset':
      return { summary: `Sent ${user} a password reset e-mail`, changes: [] };
    case 'task.pause':
      return { summary: `Paused ${task}`, changes: status(text(details.fromStatus) ?? 'active', 'paused') };
    case 'task.resume':
      return { summary: `Resumed ${task}`, changes: status(text(details.fromStatus) ?? 'paused', 'active') };
    case 'task.delete':
      return { summary: `Deleted ${task}`, changes: [] };
    case 'task.run':
      return { summary: `Ran ${task} now`, changes: [] };
    case 'plan.create':
      return { summary: `Created the ${plan} plan`, changes: planChanges(details) };
    case 'plan.update': {
      const changes = planChanges(details);
      return { summary: changes.length ? `Edited the ${plan} plan` : `Saved the ${plan} plan without changes`, changes };
    }
    default:
      return {
        summary: `${actionWords(action)}: ${text(details.name) ?? text(details.taskName) ?? text(details.email) ?? targetId ?? ''}`,
        changes: [],
      };
  }
}

/**
 * Who or what an entry's deleted user or task was, from the names the entry kept when it was written (the account's
 * name and e-mail, the task's name and owner): "Bob <bob@example.com> (deleted)".
 */
export function deletedTargetLabel({ targetType, details, targetId }: { targetType: string; details: Details; targetId: string }): string {
  if (targetType === 'task') {
    const owner = text(details.ownerName) ?? text(details.ownerEmail);
    const task = text(details.taskName) ?? text(details.name) ?? targetId;
    return `${owner ? `${possessive(owner)} task ` : 'Task '}${task} (deleted)`;
  }
  const name = text(details.name);
  const email = text(details.email);
  const who = name && email && name !== email ? `${name} <${email}>` : (name ?? email ?? targetId);
  return `${who} (deleted)`;
}
