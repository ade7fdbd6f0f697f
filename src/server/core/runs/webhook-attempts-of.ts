import { inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';

export type WebhookAttemptRow = typeof webhookDeliveries.$inferSelect;

/** The webhook delivery attempts of these runs, in `order`; no query at all for no runs. */
export async function webhookAttemptsOf(db: Database, runIds: string[], order: SQL): Promise<WebhookAttemptRow[]> {
  if (runIds.length === 0) return [];
  return db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.runId, runIds)).orderBy(order);
}
