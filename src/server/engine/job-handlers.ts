import type { Task } from 'graphile-worker';
import type { z } from 'zod';
import {
  backupDatabaseJob,
  deleteOldRunsJob,
  buildDataExportJob,
  deliverRunJob,
  replayDeliveryJob,
  executeRunJob,
  notifyBudgetReachedJob,
  notifyRunLimitReachedJob,
  notifyTaskFailingJob,
  notifyTasksPausedJob,
  askTaskApprovalJob,
  rollupStatusDaysJob,
  sendAccountDeletedEmailJob,
  sendAccountEmailJob,
  sendAddressConfirmationJob,
  sendWorkspaceInvitationJob,
  sendSsoDomainProofJob,
  sendDueWeeklyDigestsJob,
  sendWeeklyDigestJob,
  sweepInterruptedRunsJob,
  type JobDefinition,
  type JobName,
} from '../queue/job-definitions';
import { runNightlyBackup } from '../backup/nightly-backup';
import { rollupStatusDays } from '../status/rollup-status-days';
import type { EngineDeps } from './engine-deps';
import { deleteOldRuns } from './jobs/delete-old-runs';
import { buildDataExportAndMail } from './jobs/build-data-export';
import { deleteExpiredDataExports } from '../core/users/export-account-data';
import { deliverRun } from './jobs/deliver-run';
import { sendReplay } from './delivery/replay';
import { executeRun, runAgainShortly } from './jobs/execute-run';
import { notifyBudgetReached } from './jobs/notify-budget-reached';
import { notifyRunLimitReached } from './jobs/notify-run-limit-reached';
import { notifyTaskFailing } from './jobs/notify-task-failing';
import { notifyTasksPaused } from './jobs/notify-tasks-paused';
import { askTaskApproval } from './jobs/ask-task-approval';
import { sendAccountDeletedEmail, sendAccountEmail } from './jobs/send-account-email';
import { sendAddressConfirmation } from './jobs/send-address-confirmation';
import { sendDueWeeklyDigests } from './jobs/send-due-weekly-digests';
import { sendWeeklyDigest } from './jobs/send-weekly-digest';
import { sweepInterruptedRuns } from './jobs/sweep-interrupted-runs';
import { sendInvitationMail } from '../core/workspaces/workspace-invitations';
import { sendDomainProofMail } from '../core/workspaces/workspace-sso';

/** A job's handler as graphile-worker calls it: the payload parsed with the job's schema first. */
function handle<Payload extends z.ZodObject>(
  job: JobDefinition<string, Payload>,
  handler: (payload: z.output<Payload>) => Promise<unknown>,
): Task {
  return async (payload) => {
    await handler(job.payload.parse(payload));
  };
}

/** The handler of every job in queue/job-definitions.ts; a job without one is a compile error. */
export function createJobList(deps: EngineDeps): Record<JobName, Task> {
  return {
    [executeRunJob.name]: async (payload, helpers) => {
      const run = executeRunJob.payload.parse(payload);
      const release = deps.runShare ? deps.runShare.take(helpers.job) : () => {};
      if (!release) return runAgainShortly(deps, run, helpers.job);
      try {
        await executeRun(deps, run, helpers.abortSignal);
      } finally {
        release();
      }
    },
    [deliverRunJob.name]: handle(deliverRunJob, (payload) => deliverRun(deps, payload)),
    [replayDeliveryJob.name]: handle(replayDeliveryJob, (payload) => sendReplay(deps, payload)),
    [notifyTaskFailingJob.name]: handle(notifyTaskFailingJob, (payload) => notifyTaskFailing(deps, payload)),
    [notifyRunLimitReachedJob.name]: handle(notifyRunLimitReachedJob, (payload) => notifyRunLimitReached(deps, payload)),
    [notifyBudgetReachedJob.name]: handle(notifyBudgetReachedJob, (payload) => notifyBudgetReached(deps, payload)),
    [sweepInterruptedRunsJob.name]: handle(sweepInterruptedRunsJob, () => sweepInterruptedRuns(deps)),
    [sendAccountEmailJob.name]: handle(sendAccountEmailJob, (payload) => sendAccountEmail(deps, payload)),
    [notifyTasksPausedJob.name]: handle(notifyTasksPausedJob, (payload) => notifyTasksPaused(deps, payload)),
    [askTaskApprovalJob.name]: handle(askTaskApprovalJob, (payload) => askTaskApproval(deps, payload)),
    [sendDueWeeklyDigestsJob.name]: handle(sendDueWeeklyDigestsJob, ({ now, _cron }) =>
      sendDueWeeklyDigests(deps, { now: new Date(now ?? _cron?.ts ?? Date.now()) }),
    ),
    [sendWeeklyDigestJob.name]: handle(sendWeeklyDigestJob, (payload) => sendWeeklyDigest(deps, payload)),
    // The night's clean-up: runs past their retention, and data exports past their link's life.
    [deleteOldRunsJob.name]: handle(deleteOldRunsJob, async ({ now, _cron }) => {
      const at = new Date(now ?? _cron?.ts ?? Date.now());
      await deleteOldRuns(deps, { now: at });
      const exports = await deleteExpiredDataExports({ db: deps.db, now: at });
      if (exports > 0) deps.logger.info({ exports }, 'deleted expired data exports');
    }),
    [sendAccountDeletedEmailJob.name]: handle(sendAccountDeletedEmailJob, (payload) => sendAccountDeletedEmail(deps, payload)),
    [sendAddressConfirmationJob.name]: handle(sendAddressConfirmationJob, (payload) => sendAddressConfirmation(deps, payload)),
    [sendWorkspaceInvitationJob.name]: handle(sendWorkspaceInvitationJob, (payload) =>
      sendInvitationMail({ db: deps.db, mailer: deps.mailer, appUrl: deps.env.APP_URL, logger: deps.logger, ...payload }),
    ),
    [sendSsoDomainProofJob.name]: handle(sendSsoDomainProofJob, (payload) =>
      sendDomainProofMail({ db: deps.db, mailer: deps.mailer, appUrl: deps.env.APP_URL, logger: deps.logger, ...payload }),
    ),
    [buildDataExportJob.name]: handle(buildDataExportJob, (payload) => buildDataExportAndMail(deps, payload)),
    [backupDatabaseJob.name]: handle(backupDatabaseJob, ({ now, _cron }) =>
      runNightlyBackup(deps, { now: new Date(now ?? _cron?.ts ?? Date.now()) }),
    ),
    [rollupStatusDaysJob.name]: handle(rollupStatusDaysJob, async ({ now, _cron }) => {
      await rollupStatusDays({ db: deps.db, now: new Date(now ?? _cron?.ts ?? Date.now()) });
    }),
  };
}

/**
 * Recurring jobs; graphile-worker runs each once per slot across all workers. Digests are due at :00, :15, :30 or :45
 * UTC (Monday 08:00 in zones such as Asia/Kolkata or Asia/Kathmandu), so the sweep runs every 15 minutes. Old runs
 * go at 03:23 UTC, off the hour when schedules fire most; the backup at 02:47 UTC, before them.
 */
export const crontab = [
  `* * * * * ${sweepInterruptedRunsJob.name} ?max=${sweepInterruptedRunsJob.maxAttempts}`,
  `*/15 * * * * ${sendDueWeeklyDigestsJob.name} ?max=${sendDueWeeklyDigestsJob.maxAttempts}`,
  `23 3 * * * ${deleteOldRunsJob.name} ?max=${deleteOldRunsJob.maxAttempts}`,
  `47 2 * * * ${backupDatabaseJob.name} ?max=${backupDatabaseJob.maxAttempts}`,
  // The status page's figures (ADR 0076): today's stay within 5 minutes of the runs.
  `*/5 * * * * ${rollupStatusDaysJob.name} ?max=${rollupStatusDaysJob.maxAttempts}`,
].join('\n');
