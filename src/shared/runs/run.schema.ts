import { z } from 'zod';
import { deliveryMethods } from '../tasks/delivery-methods';

/**
 * A run as the API returns it (ARCHITECTURE section 8), in one place: the server's mappers (`toRun`, the history's
 * plain-SQL row mapper) are typed against it, the OpenAPI document names it `Run`, the web parses answers with it.
 */

/** What a run can be today; the server writes nothing else. */
export const runStatuses = ['processing', 'completed', 'error', 'skipped'] as const;
export type RunStatus = (typeof runStatuses)[number];

/** `backfill`: a past slot run on request (ADR 0117), left out of lateness and punctuality like Run Now. */
export const runTriggers = ['schedule', 'manual', 'backfill'] as const;
export type RunTrigger = (typeof runTriggers)[number];

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * What the receiving end answered when it accepted a run's delivery (issue 40): for e-mail the SMTP server's reply to
 * the message (its queue id when the reply names one), for a webhook or chat message the HTTP status, the response time
 * and, for a signed webhook, the `webhook-id` a receiver de-duplicates on.
 */
export const deliveryReceiptSchema = z
  .object({
    method: z.enum(deliveryMethods),
    // When the receiver accepted it (ISO).
    at: z.string(),
    attempt: z.number().int(),
    // E-mail: the server's reply, e.g. "250 2.0.0 Ok: queued as 4F2A1C0E3", and the queue id it names, if any. Mail
    // written to the local outbox (no SMTP_URL) has a reply saying so and no queue id.
    smtpResponse: z.string().nullable(),
    queueId: z.string().nullable(),
    // Webhook and chat.
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    webhookId: z.string().nullable(),
  })
  .meta({ id: 'DeliveryReceipt' });

export type DeliveryReceipt = z.infer<typeof deliveryReceiptSchema>;

/**
 * One destination's delivery of a run whose task has several (ADR 0127): attempted and retried on its own, with its
 * own error, attempts and receipt. The run's `deliveryStatus` sums them up.
 */
export const runDestinationSchema = z
  .object({
    id: z.string().meta({ description: 'The task destination’s id' }),
    method: z.enum(deliveryMethods),
    status: z.enum(deliveryStatuses),
    error: z.string().nullable(),
    attempts: z.number().int(),
    receipt: deliveryReceiptSchema.nullable(),
    nextAttemptAt: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: 'While it waits to be tried again, when; null otherwise. A default, so an older answer parses' }),
  })
  .meta({ id: 'RunDestination' });

export type RunDestination = z.infer<typeof runDestinationSchema>;

/** A run's delivery to one destination sent again on request (ADR 0129), with its own outcome. */
export const deliveryReplaySchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    destinationId: z.string(),
    method: z.enum(deliveryMethods),
    requestedAt: z.string(),
    status: z.enum(deliveryStatuses),
    error: z.string().nullable(),
    webhookId: z.string().nullable().meta({ description: 'A signed webhook’s new `webhook-id`; null for the others' }),
    replayOf: z.string().nullable().meta({ description: 'The original `webhook-id`, sent as `webhook-replay-of`' }),
    receipt: deliveryReceiptSchema.nullable(),
  })
  .meta({ id: 'DeliveryReplay' });

export type DeliveryReplayView = z.infer<typeof deliveryReplaySchema>;

/** `{ replay }`: the answer of `POST /api/runs/{id}/destinations/{destinationId}/replay`. */
export const replayResponseSchema = z.object({ replay: deliveryReplaySchema });

export const runSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    taskId: z.string().meta({ format: 'uuid' }),
    taskName: z.string(),
    status: z.enum(runStatuses),
    trigger: z.enum(runTriggers),
    scheduledFor: z.string().nullable(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    provider: z.string(),
    model: z.string(),
    result: z.string().nullable(),
    // A structured task's answer as data, checked against its output schema (ADR 0119); `result` keeps its readable
    // rendering. A default, so an older server's answer parses.
    output: z
      .record(z.string(), z.unknown())
      .nullable()
      .default(null)
      .meta({ description: 'A structured task’s answer, matching its `outputSchema`; null for free text' }),
    error: z.string().nullable(),
    deliveryStatus: z.enum(deliveryStatuses),
    // Why the run was not delivered: a failed delivery's last error, or a skipped one's reason ("Not delivered: result unchanged").
    deliveryError: z.string().nullable(),
    // While a failed delivery waits for its next attempt (delivery still pending), when that attempt is due; null
    // otherwise, and for e-mail, whose attempts are not recorded. A default, so an answer from an older server parses.
    deliveryNextAttemptAt: z.string().nullable().default(null),
    // The prompt exactly as the run sent it, variables filled in (issue 23); null for runs that sent none.
    prompt: z.string().nullable(),
    inputTokens: z.number().nullable(),
    outputTokens: z.number().nullable(),
    // Estimated from the catalogue's prices when the run finished; null for a model without a price.
    costUsd: z.number().nullable(),
    // The task's fallback model when it answered instead of `provider`/`model` (ADR 0121); tokens and cost are then its.
    // Null when the run's own model answered, or none did. A default, so an older server's answer parses.
    answeredBy: z
      .object({ provider: z.string(), model: z.string() })
      .nullable()
      .default(null)
      .meta({ description: 'The fallback model that answered instead of `model`; null when `model` answered or none did' }),
    // How late a worker began a scheduled run: that moment minus its slot, in ms (issue 40). Null for Run Now, for a
    // run not begun yet, and for runs recorded before it was measured. A default, so an older server's answer parses.
    latenessMs: z.number().int().nullable().default(null),
    // The receiver's acceptance of the delivery; null until it is delivered (and for runs delivered before receipts).
    deliveryReceipt: deliveryReceiptSchema.nullable().default(null),
    // Each destination's state when the task had several (ADR 0127); null for one, whose state is the fields above.
    // A default, so an older server's answer parses.
    destinations: z.array(runDestinationSchema).nullable().default(null).meta({
      description: 'Each destination’s delivery when the task had several; null for one, whose state is `deliveryStatus`…',
    }),
    // Deliveries sent again on request (ADR 0129), oldest first. A default, so an older server's answer parses.
    replays: z.array(deliveryReplaySchema).default([]),
  })
  .meta({ id: 'Run' });

export type Run = z.infer<typeof runSchema>;

/**
 * A task's latest run as the task list shows it (ADR 0106): when it began, how it ended and what became of its
 * delivery, so a task whose results stop arriving does not look like a healthy one.
 */
export const lastRunSchema = runSchema
  .pick({ id: true, status: true, startedAt: true, deliveryStatus: true, deliveryError: true })
  .meta({ id: 'LastRun' });

export type LastRun = z.infer<typeof lastRunSchema>;

/** `{ run }`: one run (`GET /api/runs/:id`, Run Now). */
export const runResponseSchema = z.object({ run: runSchema });

/** `GET /api/runs`: a page of the history, the cursor of the next one, and how many runs match the filter. */
export const historyPageSchema = z.object({
  items: z.array(runSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative().meta({ description: 'Every run matching the filter, not just this page' }),
});

export type HistoryPage = z.infer<typeof historyPageSchema>;

/** One attempt to deliver a run to the task's webhook. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  url: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});

export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/**
 * A run as a task's own history lists it: with each webhook delivery attempt. An intersection rather than `.extend`,
 * so the OpenAPI document refers to `Run` instead of repeating it.
 */
export const runWithDeliveriesSchema = z.intersection(runSchema, z.object({ webhookDeliveries: z.array(webhookAttemptSchema) }));

export type RunWithDeliveries = z.infer<typeof runWithDeliveriesSchema>;

/** `GET /api/tasks/:id/runs`: a page of one task's runs and the cursor of the next one. */
export const taskRunPageSchema = z.object({
  items: z.array(runWithDeliveriesSchema),
  nextCursor: z.string().nullable(),
});

export type TaskRunPage = z.infer<typeof taskRunPageSchema>;
