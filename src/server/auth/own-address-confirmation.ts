import type { Database } from '../db/client';
import type { UnsubscribeLinks } from '../mail/unsubscribe-links';
import { enqueue } from '../queue/enqueue';
import { sendAccountEmailJob } from '../queue/job-definitions';

/**
 * Queues the "Confirm your e-mail address" mail of an account (ADR 0109): at sign-up, and again when its owner asks
 * from the dashboard. Queued, not sent: sign-up answers at once whether or not the mail server is up, and the queue
 * retries. A newer request replaces one not yet sent (the job's key).
 */
export async function queueOwnAddressConfirmation(
  db: Database,
  links: Pick<UnsubscribeLinks, 'forOwnAddress'>,
  { userId, email }: { userId: string; email: string },
): Promise<void> {
  const url = links.forOwnAddress(userId, email).pageUrl;
  await enqueue(sendAccountEmailJob, { kind: 'address-confirmation', userId, url }, { db });
}
