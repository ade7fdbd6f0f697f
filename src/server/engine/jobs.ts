import type { Task, TaskList } from 'graphile-worker';
import { z } from 'zod';
import type { EngineDeps } from './engine-deps';
import { deliverRun } from './jobs/deliver-run';
import { executeRun } from './jobs/execute-run';
import { notifyTaskFailing } from './jobs/notify-task-failing';
import { sweepInterruptedRuns } from './jobs/sweep-interrupted-runs';

/** A job: a name, a payload schema, and an idempotent handler that throws to be retried. */
function job<S extends z.ZodType>(schema: S, handler: (payload: z.output<S>) => Promise<unknown>): Task {
  return async (payload) => {
    await handler(schema.parse(payload));
  };
}

const runPayload = z.object({ runId: z.uuid() });

export function createJobList(deps: EngineDeps): TaskList {
  return {
    'execute-run': job(runPayload, (payload) => executeRun(deps, payload)),
    'deliver-run': job(runPayload.extend({ attempt: z.number().int().min(1) }), (payload) => deliverRun(deps, payload)),
    'notify-task-failing': job(z.object({ taskId: z.uuid(), runId: z.uuid() }), (payload) => notifyTaskFailing(deps, payload)),
    'sweep-interrupted-runs': job(z.unknown(), () => sweepInterruptedRuns(deps)),
  };
}

/** Recurring jobs; graphile-worker runs each once per slot across all workers. */
export const crontab = '* * * * * sweep-interrupted-runs';
