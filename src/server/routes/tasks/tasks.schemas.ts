import { z } from '@hono/zod-openapi';
import { deliveryMethods, scheduleTypes, taskListFilters, taskStatuses } from '#shared/tasks/task.schema';

/** Response shapes of the tasks API, for validation of our own answers in tests and for the OpenAPI document. */
export const taskSchema = z
  .object({
    id: z.string().uuid(),
    userId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(taskStatuses),
    provider: z.string(),
    model: z.string(),
    scheduleType: z.enum(scheduleTypes),
    scheduleTime: z.string().nullable().openapi({ description: 'HH:MM in UTC' }),
    startDate: z.string().nullable().openapi({ description: 'YYYY-MM-DD in the task time zone' }),
    timezone: z.string(),
    customCron: z.string().nullable(),
    prompt: z.object({ input: z.string(), temperature: z.number(), searchEnabled: z.boolean() }),
    deliveryMethod: z.enum(deliveryMethods),
    deliveryConfig: z.object({ email: z.string().optional(), webhookUrl: z.string().optional() }),
    webhookSecret: z.string(),
    nextFireAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Task');

export const taskResponseSchema = z.object({ task: taskSchema });

export const taskPageSchema = z.object({ items: z.array(taskSchema), nextCursor: z.string().nullable(), total: z.number().int() });

export const taskListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(taskListFilters).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const taskIdParamSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

export const runSchema = z
  .object({
    id: z.string().uuid(),
    taskId: z.string().uuid(),
    taskName: z.string(),
    status: z.enum(['processing', 'completed', 'error', 'skipped']),
    trigger: z.enum(['schedule', 'manual']),
    scheduledFor: z.string().nullable(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    provider: z.string(),
    model: z.string(),
    result: z.string().nullable(),
    error: z.string().nullable(),
    deliveryStatus: z.enum(['pending', 'delivered', 'failed', 'skipped']),
    deliveryError: z.string().nullable(),
    inputTokens: z.number().nullable(),
    outputTokens: z.number().nullable(),
  })
  .openapi('Run');

export const runResponseSchema = z.object({ run: runSchema });

export const runWithDeliveriesSchema = runSchema.extend({
  webhookDeliveries: z.array(
    z.object({
      attempt: z.number().int(),
      url: z.string(),
      statusCode: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const runPageSchema = z.object({ items: z.array(runWithDeliveriesSchema), nextCursor: z.string().nullable() });

export const runListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
