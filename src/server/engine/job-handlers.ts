import type { Task } from 'graphile-worker';
import type { z } from 'zod';
import {
  deliverRunJob,
  executeRunJob,
  notifyBudgetReachedJob,
  notifyRunLimitReachedJob,
  notifyTaskFailingJob,
  notifyTasksPausedJob,
  sendAccountEmailJob,
  sendDueWeeklyDigestsJob,
  sendWeeklyDigestJob,
  sweepInterruptedRunsJob,
  type JobDefinition,
  type JobName,
} from '../queue/job-definitions';
import type { EngineDeps } from './engine-deps';
import { deliverRun } from './jobs/deliver-run';
import { executeRun, runAgainShortly } from './jobs/execute-run';
import { notifyBudgetReached } from './jobs/notify-budget-reached';
import { notifyRunLimitReached } from './jobs/notify-run-limit-reached';
import { notifyTaskFailing } from './jobs/notify-task-failing';
import { notifyTasksPaused } from './jobs/notify-tasks-paused';
import { sendAccountEmail } from './jobs/send-account-email';
import { sendDueWeeklyDigests } from './jobs/send-due-weekly-digests';
import { sendWeeklyDigest } from './jobs/send-weekly-digest';
import { sweepInterruptedRuns } from './jobs/sweep-interrupted-runs';

/** A job's handler as graphile-worker calls it: the payload parsed with the job's schema first. */
function handle<Payload extends z.ZodObject>(job: JobDefinition<string, Payload>, handler: (payload: z.output<Payload>) => Promise<unknown>): Task {
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
        await executeRun(deps, run);
      } finally {
        release();
      }
    },
    [deliverRunJob.name]: handle(deliverRunJob, (payload) => deliverRun(deps, payload)),
    [notifyTaskFailingJob.name]: handle(notifyTaskFailingJob, (payload) => notifyTaskFailing(deps, payload)),
    [notifyRunLimitReachedJob.name]: handle(notifyRunLimitReachedJob, (payload) => notifyRunLimitReached(deps, payload)),
    [notifyBudgetReachedJob.name]: handle(notifyBudgetReachedJob, (payload) => notifyBudgetReached(deps, payload)),
    [sweepInterruptedRunsJob.name]: handle(sweepInterruptedRunsJob, () => sweepInterruptedRuns(deps)),
    [sendAccountEmailJob.name]: handle(sendAccountEmailJob, (payload) => sendAccountEmail(deps, payload)),
    [notifyTasksPausedJob.name]: handle(notifyTasksPausedJob, (payload) => notifyTasksPaused(deps, payload)),
    [sendDueWeeklyDigestsJob.name]: handle(sendDueWeeklyDigestsJob, ({ now, _cron }) => sendDueWeeklyDigests(deps, { now: new Date(now ?? _cron?.ts ?? Date.now()) })),
    [sendWeeklyDigestJob.name]: handle(sendWeeklyDigestJob, (payload) => sendWeeklyDigest(deps, payload)),
  };
}

/**
 * Recurring jobs; graphile-worker runs each once per slot across all workers. Digests are due at :00, :15, :30 or :45
 * UTC (Monday 08:00 in zones such as Asia/Kolkata or Asia/Kathmandu), so the sweep runs every 15 minutes.
 */
export const crontab = [
  `* * * * * ${sweepInterruptedRunsJob.name} ?max=${sweepInterruptedRunsJob.maxAttempts}`,
  `*/15 * * * * ${sendDueWeeklyDigestsJob.name} ?max=${sendDueWeeklyDigestsJob.maxAttempts}`,
].join('\n');
