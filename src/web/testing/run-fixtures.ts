import type { Run } from '#shared/runs/run.schema';

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
    ...overrides,
  };
}
