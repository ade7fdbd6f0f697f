import type { DeliveryReceipt, Run } from '#shared/runs/run.schema';
import type { TaskReliability } from '#shared/tasks/task-reliability.schema';

/** A run as `GET /api/runs` returns it: a completed scheduled run of "Morning news digest". Override any field. */
export function makeRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 'run-1',
    taskId: 'task-1',
    taskName: 'Morning news digest',
    status: 'completed',
    trigger: 'schedule',
    scheduledFor: '2026-01-16T08:00:00.000Z',
    startedAt: '2026-01-16T08:00:01.000Z',
    completedAt: '2026-01-16T08:00:02.234Z',
    durationMs: 1234,
    provider: 'openai',
    model: 'gpt-5-nano',
    result: 'Short answer.',
    output: null,
    error: null,
    deliveryStatus: 'delivered',
    deliveryError: null,
    deliveryNextAttemptAt: null,
    prompt: 'Summarise the news of 2026-01-16.',
    inputTokens: 1200,
    outputTokens: 345,
    costUsd: 0.000198,
    latenessMs: 1000,
    deliveryReceipt: null,
    destinations: null,
    replays: [],
    answeredBy: null,
    ...overrides,
  };
}

/** A delivery receipt: the fields of the other methods empty; pass a method's own (`smtpResponse`, `statusCode`, …). */
export function makeReceipt(overrides: Partial<DeliveryReceipt> & Pick<DeliveryReceipt, 'method' | 'at'>): DeliveryReceipt {
  return { attempt: 1, smtpResponse: null, queueId: null, statusCode: null, durationMs: null, webhookId: null, ...overrides };
}

/** A task's reliability figures (`GET /api/tasks/:id/reliability`) with no slots, runs or deliveries. Override any. */
export function makeReliability(overrides: Partial<TaskReliability> = {}): TaskReliability {
  return {
    from: '2026-10-27T08:00:00.000Z',
    to: '2026-11-26T08:00:00.000Z',
    slotsDue: 0,
    onTime: 0,
    late: 0,
    worstLatenessMs: null,
    missed: 0,
    running: 0,
    unmeasured: 0,
    duplicates: 0,
    deliveriesConfirmed: 0,
    deliveriesFailed: 0,
    ...overrides,
  };
}
