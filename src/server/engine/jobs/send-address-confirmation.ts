import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { workspaceSender } from '../../core/delivery-addresses/delivery-address-status';
import { deliveryAddresses, user } from '../../db/schema';
import { addressConfirmationMail } from '../../mail/templates';
import type { sendAddressConfirmationJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

/**
 * The confirmation e-mail of a delivery address (ADRs 0053, 0142). Read afresh: an address confirmed, unsubscribed or
 * gone (its workspace deleted) meanwhile gets nothing. It names who asks: the person of a personal workspace, or the
 * team by its name, with the member whose task asked. The task is named as it was saved: the question is about the
 * workspace, whose other tasks may use the address too. A failed send throws, to be retried.
 */
export async function sendAddressConfirmation(
  deps: EngineDeps,
  { addressId, taskName }: z.output<typeof sendAddressConfirmationJob.payload>,
): Promise<void> {
  const [row] = await deps.db
    .select({ address: deliveryAddresses, asker: { name: user.name, fullName: user.fullName, email: user.email } })
    .from(deliveryAddresses)
    .leftJoin(user, eq(user.id, deliveryAddresses.requestedBy))
    .where(eq(deliveryAddresses.id, addressId));
  if (row?.address.status !== 'pending') return;
  const sender = await workspaceSender(deps.db, row.address.workspaceId);
  if (!sender) return;
  const asker = row.asker ? { name: row.asker.fullName || row.asker.name, email: row.asker.email } : null;
  const links = deps.unsubscribeLinks;
  await deps.mailer.send({
    to: row.address.email,
    ...addressConfirmationMail({
      taskName,
      sender: sender.name,
      // A team is no person to write back to: the member who asked is.
      asker: sender.person ? { name: sender.name, email: sender.person.email } : asker,
      team: sender.team,
      confirmUrl: links.forAddress(addressId, 'confirm').pageUrl,
      unsubscribe: links.forAddress(addressId, 'unsubscribe'),
    }),
  });
  deps.logger.info({ addressId }, 'delivery address confirmation sent');
}
