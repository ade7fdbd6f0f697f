import type { DeliveryReceipt } from '#shared/runs/run.schema';
import type { DeliveryMethod } from '#shared/tasks/task.schema';
import type { RunRow } from '../../core/runs/to-run';
import type { TaskDeliveryConfig } from '../../db/schema';
import type { EngineDeps } from '../engine-deps';
import type { DeliveryRow } from '../jobs/run-statements';

/**
 * One delivery channel (e-mail, signed webhook, Slack, Discord) behind the one interface the engine calls (ADR 0128):
 * the same call makes a first attempt, in the run's own job or a `deliver-run` job, and every retry. A channel sends
 * and says what happened; the seam (deliver.ts) records it, schedules the next attempt and sends the owner's notice.
 */
export interface DeliveryChannel {
  readonly method: DeliveryMethod;
  /**
   * Whether the run's own job makes the first attempt (ADR 0073): true when an attempt ends within the webhook
   * deadline. E-mail has no such bound (an SMTP server that hangs), so its first attempt is a job of its own.
   */
  readonly firstAttemptInRunJob: boolean;
  /** Whether an attempt also takes a slot of the SMTP server's share, which every user shares. */
  readonly usesMailServer: boolean;
  /** The waits before each retry after a failed attempt; the last failed attempt fails the delivery. */
  retryDelaysMs(deps: EngineDeps): readonly number[];
  /** One attempt. It throws only on what no attempt can survive (the seam's job then fails and is retried). */
  send(attempt: ChannelAttempt): Promise<ChannelOutcome>;
}

/** Where one delivery goes: the method and its own settings. */
export interface DeliveryTarget {
  method: DeliveryMethod;
  config: TaskDeliveryConfig;
}

/** What a channel is given for one attempt: the run, its task as it was when it started, its owner and where to. */
export interface ChannelAttempt {
  deps: EngineDeps;
  run: RunRow;
  task: DeliveryRow['task'];
  owner: DeliveryRow['owner'];
  target: DeliveryTarget;
  /** 1 for the first attempt. */
  attempt: number;
  /** The task's page, for links in messages. */
  taskUrl: string;
  /** A delivery sent again on request (ADR 0129): a signed webhook's new `webhook-id` and the original's. */
  replay?: { webhookId: string; of: string };
}

/** An HTTP attempt, kept in the run's attempt log (webhook_deliveries). */
export interface LoggedAttempt {
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * What an attempt came to: sent (with the receiving end's receipt), failed (retried on the channel's schedule), or
 * held (nothing to send, or not allowed to: the delivery is skipped, with the reason when there is one).
 */
export type ChannelOutcome =
  | { outcome: 'sent'; receipt: DeliveryReceipt; logged?: LoggedAttempt; mailedTo?: string }
  | { outcome: 'failed'; error: string; logged?: LoggedAttempt }
  | { outcome: 'held'; reason: string | null };

/** A receipt's fields that one method or another leaves empty. */
export const noReceiptFields = { smtpResponse: null, queueId: null, statusCode: null, durationMs: null, webhookId: null };
