import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A job as the queue knows it: its name, the zod schema of its payload, how often graphile-worker tries it when its
 * handler throws, and the key that makes a second enqueue of the same work a no-op. The handlers live in the engine
 * (engine/job-handlers.ts), so core can enqueue a job without loading the code that runs it.
 */
export interface JobDefinition<Name extends string = string, Payload extends z.ZodObject = z.ZodObject> {
  name: Name;
  payload: Payload;
  /** Tries in all when the handler throws, with graphile-worker's exponential backoff between them. */
  maxAttempts: number;
  /** The job key; without one, every enqueue adds a job. */
  key?: (payload: z.output<Payload>) => string;
}

function defineJob<const Name extends string, Payload extends z.ZodObject>(
  definition: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> {
  return definition;
}

const runPayload = z.object({ runId: z.uuid() });

/**
 * The flag an execute-run job carries for its owner, so a worker process can stop fetching one user's runs while they
 * hold their share of its slots (engine/run-share.ts). `ownerFlagSql` builds the same text from a user id column.
 */
export const ownerFlag = (userId: string) => `owner:${userId}`;
export const ownerFlagSql = (userId: SQL) => sql`array['owner:' || ${userId}]`;

/** Calls the AI for a processing run and records the outcome (engine/jobs/execute-run.ts). */
export const executeRunJob = defineJob({
  name: 'execute-run',
  payload: runPayload,
  maxAttempts: 5,
  key: ({ runId }) => `execute-run:${runId}`,
});

/**
 * One delivery attempt of a finished run. A failed attempt does not throw: it enqueues the next attempt itself on
 * the delivery retry schedule (engine/engine-policy.ts); `maxAttempts` covers a handler that crashed.
 */
export const deliverRunJob = defineJob({
  name: 'deliver-run',
  // `deferrals`: times this attempt waited for its owner's share of delivery slots (engine/delivery-share.ts).
  // `destinationId`: the destination this attempt is for, when the run's task has several (ADR 0127).
  payload: runPayload.extend({
    attempt: z.number().int().min(1),
    deferrals: z.number().int().min(1).optional(),
    destinationId: z.string().optional(),
  }),
  maxAttempts: 5,
  key: ({ runId, attempt, destinationId }) => `deliver-run:${runId}:${destinationId ? `${destinationId}:` : ''}${attempt}`,
});

/**
 * Settings → Task Errors (issue 19): tells a task's owner that it began failing (`failed`: its first failure after a
 * success, or its first run failed), works again (`recovered`), or stopped after repeated failures (`stopped`, the
 * default of jobs queued before the kinds existed).
 */
export const taskErrorNotices = ['failed', 'recovered', 'stopped'] as const;
export type TaskErrorNotice = (typeof taskErrorNotices)[number];
export const notifyTaskFailingJob = defineJob({
  name: 'notify-task-failing',
  payload: z.object({ taskId: z.uuid(), runId: z.uuid(), kind: z.enum(taskErrorNotices).default('stopped') }),
  maxAttempts: 5,
  key: ({ runId }) => `notify-task-failing:${runId}`,
});

/**
 * Whose plan a billing notice is about: a workspace's owners are told (ADR 0140). Notices queued before plans moved
 * to workspaces name the account, whose personal workspace it was.
 */
const billedTo = z.object({ workspaceId: z.uuid().optional(), userId: z.string().min(1).optional() });

/** Tells a workspace's owners that this month's runs are used up and scheduled runs are skipped until the month ends. */
export const notifyRunLimitReachedJob = defineJob({
  name: 'notify-run-limit-reached',
  payload: billedTo.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) }),
  maxAttempts: 5,
  key: ({ workspaceId, userId, month }) => `notify-run-limit-reached:${workspaceId ?? userId}:${month}`,
});

/**
 * Tells, once per budget and month, that a monthly budget stopped runs (ADR 0141); queued by the claim. A workspace's
 * budget (`scope` `workspace`) tells its owners, a task's its creator (ADR 0141). Notices queued before budgets moved
 * to workspaces name the account, and `account` for its own budget: its personal workspace's.
 */
export const notifyBudgetReachedJob = defineJob({
  name: 'notify-budget-reached',
  payload: billedTo.extend({ scope: z.string().min(1), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  maxAttempts: 5,
  key: ({ workspaceId, userId, scope, month }) => `notify-budget-reached:${workspaceId ?? userId}:${scope}:${month}`,
});

/**
 * Finishes runs whose worker died; started by the crontab every minute, never enqueued. graphile-worker's cron
 * payload (`_cron`) is not ours and is dropped by the schema. 25 tries is graphile-worker's default, as before.
 */
export const sweepInterruptedRunsJob = defineJob({
  name: 'sweep-interrupted-runs',
  payload: z.object({}),
  maxAttempts: 25,
});

/** The e-mails an account receives from the queue; each names the template engine/jobs/send-account-email.ts uses. */
export const accountEmailKinds = ['password-reset', 'sign-in-paused', 'address-confirmation'] as const;

/**
 * An account e-mail, sent by a worker so that the request that asked for it answers at once, whether or not the
 * account exists and however slow the mail server is. The payload holds only what the mail needs: the recipient is
 * read afresh from their user row, and the link (which carries a token) is single-use and expires within the hour.
 * The spec retries a reset e-mail up to 3 times (section 7); a newer request for the same user replaces one not yet
 * sent.
 */
export const sendAccountEmailJob = defineJob({
  name: 'send-account-email',
  payload: z.object({ kind: z.enum(accountEmailKinds), userId: z.string().min(1), url: z.url() }),
  maxAttempts: 4,
  key: ({ kind, userId }) => `send-account-email:${kind}:${userId}`,
});

/** Asks a task's owner to approve the task a key made paused (ADR 0125): one mail per task. */
export const askTaskApprovalJob = defineJob({
  name: 'ask-task-approval',
  payload: z.object({ taskId: z.uuid() }),
  maxAttempts: 4,
  key: ({ taskId }) => `ask-task-approval:${taskId}`,
});

/** Tells a user whose paid plan ended which tasks were paused to fit Free, and why (core/billing/downgrade-to-free.ts). */
export const notifyTasksPausedJob = defineJob({
  name: 'notify-tasks-paused',
  payload: billedTo.extend({
    planName: z.string(),
    pausedTasks: z.array(z.object({ taskId: z.uuid(), reason: z.string() })).min(1),
  }),
  maxAttempts: 5,
});

/**
 * Settings → Weekly Digest (issue 19): started by the crontab every 15 minutes, it claims the digests due at that
 * moment (Monday 08:00 in each user's zone, zones at :30 and :45 included) and queues one send job for each. `now`
 * stands in for the cron's time when a test or an operator queues it by hand.
 */
export const sendDueWeeklyDigestsJob = defineJob({
  name: 'send-due-weekly-digests',
  payload: z.object({
    _cron: z.object({ ts: z.iso.datetime({ offset: true }) }).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  }),
  maxAttempts: 3,
});

/** One user's Weekly Digest for the week that began on `weekStart` (a date in their zone), claimed once. */
export const sendWeeklyDigestJob = defineJob({
  name: 'send-weekly-digest',
  payload: z.object({ userId: z.string().min(1), weekStart: z.iso.date() }),
  maxAttempts: 5,
  key: ({ userId, weekStart }) => `send-weekly-digest:${userId}:${weekStart}`,
});

/**
 * Deletes runs older than RUN_RETENTION_DAYS (issue 21), in small batches, and data exports whose link has expired;
 * started by the crontab every night, never enqueued. Without the variable it deletes no runs. `now` stands in for the cron's time when a test queues it.
 */
export const deleteOldRunsJob = defineJob({
  name: 'delete-old-runs',
  payload: z.object({
    _cron: z.object({ ts: z.iso.datetime({ offset: true }) }).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  }),
  maxAttempts: 3,
});

/**
 * Confirms a deleted account's deletion to its address (issue 24). The payload carries the address and name: the
 * user row they would be read from went in the same transaction that queued this job.
 */
export const sendAccountDeletedEmailJob = defineJob({
  name: 'send-account-deleted-email',
  payload: z.object({ email: z.string().min(1), name: z.string(), byAdministrator: z.boolean() }),
  maxAttempts: 4,
});

/**
 * Asks an address a task was saved to e-mail whether it wants the results (issue 24, ADR 0053). Sent once per sender
 * and address; the handler skips an address no longer pending.
 */
export const sendAddressConfirmationJob = defineJob({
  name: 'send-address-confirmation',
  payload: z.object({ addressId: z.uuid(), taskName: z.string() }),
  maxAttempts: 4,
  key: ({ addressId }) => `send-address-confirmation:${addressId}`,
});

/**
 * Settings → Download my data (issue 24, ADR 0052): builds the JSON copy off the request, however long the history,
 * then e-mails its link. The token rides in the payload only until the mail is sent; the row keeps its hash.
 */
export const buildDataExportJob = defineJob({
  name: 'build-data-export',
  payload: z.object({ exportId: z.uuid(), token: z.string().min(1) }),
  maxAttempts: 3,
  key: ({ exportId }) => `build-data-export:${exportId}`,
});

/**
 * The nightly backup into DATA_DIR/backups (issue 38, ADR 0069); started by the crontab, never enqueued, so one
 * worker takes it however many run. Its outcome is recorded for the admin overview.
 */
export const backupDatabaseJob = defineJob({
  name: 'backup-database',
  payload: z.object({
    _cron: z.object({ ts: z.iso.datetime({ offset: true }) }).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  }),
  maxAttempts: 3,
});

/**
 * The public status page's daily figures (issue 40, ADR 0076): today, yesterday and any missing day of the 90,
 * recomputed by the crontab every 5 minutes, never enqueued. `now` stands in for the cron's time in tests.
 */
export const rollupStatusDaysJob = defineJob({
  name: 'rollup-status-days',
  payload: z.object({
    _cron: z.object({ ts: z.iso.datetime({ offset: true }) }).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  }),
  maxAttempts: 3,
});

/**
 * The mail of a workspace invitation (ADR 0133), sent off the request so a slow or failing mail server neither holds
 * the invitation's answer nor loses the mail: it is retried with backoff. The token rides in the payload only until
 * the mail is sent; the row keeps its hash. An invitation no longer pending when the job runs gets no mail.
 */
export const sendWorkspaceInvitationJob = defineJob({
  name: 'send-workspace-invitation',
  payload: z.object({ invitationId: z.uuid(), token: z.string().min(1) }),
  maxAttempts: 5,
  key: ({ invitationId }) => `send-workspace-invitation:${invitationId}`,
});

/**
 * The mail that proves a workspace's single sign-on domain (ADR 0137), queued as the invitation's is (ADR 0135); the
 * token rides in the payload until it is sent, the row keeps its hash.
 */
export const sendSsoDomainProofJob = defineJob({
  name: 'send-sso-domain-proof',
  payload: z.object({ ssoProviderId: z.string().min(1), token: z.string().min(1) }),
  maxAttempts: 5,
  key: ({ ssoProviderId }) => `send-sso-domain-proof:${ssoProviderId}`,
});

/** A run's delivery to one destination sent again on request (ADR 0129): one attempt, no retries. */
export const replayDeliveryJob = defineJob({
  name: 'replay-delivery',
  payload: runPayload.extend({ replayId: z.uuid() }),
  maxAttempts: 3,
  key: ({ replayId }) => `replay-delivery:${replayId}`,
});

export const jobDefinitions = [
  executeRunJob,
  deliverRunJob,
  replayDeliveryJob,
  notifyTaskFailingJob,
  notifyRunLimitReachedJob,
  notifyBudgetReachedJob,
  sweepInterruptedRunsJob,
  sendAccountEmailJob,
  notifyTasksPausedJob,
  askTaskApprovalJob,
  sendDueWeeklyDigestsJob,
  sendWeeklyDigestJob,
  deleteOldRunsJob,
  sendAccountDeletedEmailJob,
  sendAddressConfirmationJob,
  sendWorkspaceInvitationJob,
  sendSsoDomainProofJob,
  buildDataExportJob,
  backupDatabaseJob,
  rollupStatusDaysJob,
] as const;

export type JobName = (typeof jobDefinitions)[number]['name'];
