import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { deliveryAddresses, user } from '../../db/schema';
import { addressConfirmationMail } from '../../mail/templates';
import type { sendAddressConfirmationJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

/**
 * The confirmation e-mail of a delivery address (ADR 0053). Read afresh: an address confirmed, unsubscribed or gone
 * (its sender deleted) meanwhile gets nothing. The task is named as it was saved: the question is about the sender,
 * whose other tasks may use the address too. A failed send throws, to be retried.
 */
export async function sendAddressConfirmation(
  deps: EngineDeps,
  { addressId, taskName }: z.output<typeof sendAddressConfirmationJob.payload>,
): Promise<void> {
  const [row] = await deps.db
    .select({ address: deliveryAddresses, sender: { name: user.name, fullName: user.fullName, email: user.email } })
    .from(deliveryAddresses)
    .innerJoin(user, eq(user.id, deliveryAddresses.userId))
    .where(eq(deliveryAddresses.id, addressId));
  if (row?.address.status !== 'pending') return;
  const links = deps.unsubscribeLinks;
  await deps.mailer.send({
    to: row.address.email,
    ...addressConfirmationMail({
      taskName,
      sender: row.sender.fullName || row.sender.name,
      senderEmail: row.sender.email,
      confirmUrl: links.forAddress(addressId, 'confirm').pageUrl,
      unsubscribe: links.forAddress(addressId, 'unsubscribe'),
    }),
  });
  deps.logger.info({ addressId }, 'delivery address confirmation sent');
}
