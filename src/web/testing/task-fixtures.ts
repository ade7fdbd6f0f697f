import type { Task } from '#shared/tasks/task.schema';

/**
 * A task as the API returns it: daily at 09:00 Berlin time (08:00 UTC in winter), OpenAI GPT-5 nano, e-mail delivery.
 * Override any field.
 */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    userId: 'user-1',
    name: 'Morning news digest',
    description: 'Top headlines, summarised.',
    key: null,
    status: 'active',
    provider: 'openai',
    model: 'gpt-5-nano',
    scheduleType: 'daily',
    localTime: '09:00',
    scheduleTime: '08:00',
    startDate: '2026-01-15',
    timezone: 'Europe/Berlin',
    customCron: null,
    cronTimezone: null,
    dstGap: 'shift',
    dstRepeat: 'first',
    endDate: null,
    maxRuns: null,
    pausedUntil: null,
    skipDates: [],
    finishedReason: null,
    prompt: { input: 'Summarise the top five headlines of the day.', temperature: 1, searchEnabled: true },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'jane@example.com' },
    deliverWhen: 'always',
    deliveryCondition: null,
    budget: null,
    catchUpWindow: 3600,
    overlap: 'skip',
    fallback: null,
    outputSchema: null,
    deliveryRules: null,
    itemKey: null,
    watchedFields: [],
    backfillWaiting: 0,
    webhookSecret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw',
    nextFireAt: '2026-01-16T08:00:00.000Z',
    lastRunAt: null,
    overdueSince: null,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}
