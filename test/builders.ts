import type { taskRuns, tasks } from '#server/db/schema/index';
import type { TaskInput } from '#shared/tasks/task.schema';

/**
 * One set of defaults for what tests create: a task as the API takes it (`taskInput`), the same task as a database
 * row (`taskRow`, for tests of what happens after the API), and a finished run (`runRow`). A test states only what
 * it is about in `overrides`.
 */

/** A daily e-mail task at 07:00 UTC asking a small OpenAI model for a short answer. */
export function taskInput(overrides: Partial<TaskInput> = {}): TaskInput {
  return {
    name: 'Morning brief',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    scheduleType: 'daily',
    localTime: '07:00',
    startDate: '2026-01-01',
    timezone: 'UTC',
    prompt: { input: 'Say hello to the test suite.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'owner@example.com' },
    ...overrides,
  };
}

/** The whsec_ secret a seeded task signs its webhooks with. */
export const testWebhookSecret = 'whsec_dGVzdC1zZWNyZXQtdGhhdC1pcy1sb25nLWVub3VnaA==';

/** `taskInput`'s defaults as a row of `tasks`, hourly so that the engine has something due soon. */
export function taskRow(userId: string, overrides: Partial<typeof tasks.$inferInsert> = {}): typeof tasks.$inferInsert {
  const input = taskInput();
  return {
    userId,
    name: 'Seeded task',
    provider: 'openai',
    model: input.model,
    scheduleType: 'hourly',
    localTime: '09:00',
    startDate: input.startDate,
    timezone: input.timezone,
    prompt: { input: 'Say hello to the test suite.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'owner@example.com' },
    webhookSecret: testWebhookSecret,
    ...overrides,
  };
}

/** A manual run of `task` that completed and was delivered, 1.5 s long, as the engine would have written it. */
export function runRow(
  task: { id: string; userId: string },
  overrides: Partial<typeof taskRuns.$inferInsert> = {},
): typeof taskRuns.$inferInsert {
  const startedAt = overrides.startedAt ?? new Date();
  return {
    taskId: task.id,
    userId: task.userId,
    status: 'completed',
    trigger: 'manual',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    startedAt,
    completedAt: new Date(startedAt.getTime() + 1500),
    result: 'A seeded answer.',
    deliveryStatus: 'delivered',
    ...overrides,
  };
}
