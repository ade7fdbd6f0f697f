import { z } from 'zod';
import { runSchema } from './run.schema';

/**
 * What a task's signed webhook receives when one of its runs ends (spec section 6): the body the delivery job signs
 * and posts (`postRunWebhook`, typed against it) and the OpenAPI document's `webhooks` describe, one schema for both.
 */

/** The event types, one per way a run ends; a run that was skipped sends none. */
export const runWebhookTypes = ['task.run.completed', 'task.run.failed'] as const;
export type RunWebhookType = (typeof runWebhookTypes)[number];

/** The task as the run started: its name then, and the provider and model the run called. */
const webhookTaskSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    provider: z.string(),
    model: z.string(),
  })
  .meta({ id: 'WebhookTask' });

const runWebhookOf = <T extends RunWebhookType>(type: T) => z.object({ type: z.literal(type), task: webhookTaskSchema, run: runSchema });

export const runCompletedWebhookSchema = runWebhookOf('task.run.completed').meta({
  id: 'TaskRunCompleted',
  description: 'A run completed: `run.result` holds the model’s answer.',
});

export const runFailedWebhookSchema = runWebhookOf('task.run.failed').meta({
  id: 'TaskRunFailed',
  description: 'A run ended in an error: `run.error` says why, in words.',
});

export type RunWebhook = z.infer<typeof runCompletedWebhookSchema> | z.infer<typeof runFailedWebhookSchema>;
