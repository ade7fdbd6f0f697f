import { addressConfirmationLimits } from '#shared/account/address-confirmation.schema';
import type { Database } from '../../db/client';
import { enqueue } from '../../queue/enqueue';
import { sendAddressConfirmationJob } from '../../queue/job-definitions';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';
import { destinationsOfTask } from '../tasks/destinations';
import { findOwnTask } from '../tasks/find-own-task';
import { deliveryAddressStatus, normalAddress } from './delivery-address-status';
import { requestDeliveryAddress } from './request-delivery-address';

export const notWaitingMessage = 'This address is not waiting for a confirmation.';
export const resendTooSoonMessage = 'The confirmation was just sent. Please wait a minute before sending it again.';
export const resendTooManyMessage = 'The confirmation was sent five times today. Please try again tomorrow.';

/**
 * "Send the confirmation again" for one e-mail destination of a task of the acting workspace whose address is still
 * pending there (ADR 0142): the lost or expired mail again, at most once a minute and five times a day per address of
 * the workspace, as the own address's resend (each goes to an inbox that never asked). An address that confirmed,
 * unsubscribed or needs no confirmation is not asked: 409; an unsubscribed one must never hear from the workspace.
 */
export async function resendDeliveryAddressConfirmation({
  db,
  workspaceId,
  taskId,
  destinationId,
}: {
  db: Database;
  workspaceId: string;
  taskId: string;
  destinationId: string;
}): Promise<{ email: string }> {
  const task = await findOwnTask({ db, workspaceId, taskId });
  const destination = destinationsOfTask(task).find((candidate) => candidate.id === destinationId);
  const email = destination?.method === 'email' ? destination.config.email : undefined;
  if (!email) throw new NotFoundError('No e-mail destination with this id');
  const address = await deliveryAddressStatus(db, { userId: task.userId, workspaceId: task.workspaceId, email });
  if (address.status !== 'pending') throw new ConflictError(notWaitingMessage);
  const key = `delivery-address-confirmation:${task.workspaceId}:${normalAddress(email)}`;
  if (!(await hitRateLimit({ db, key: `${key}:minute`, rule: addressConfirmationLimits.minute })).allowed)
    throw new DomainError('rate_limited', 429, resendTooSoonMessage);
  if (!(await hitRateLimit({ db, key: `${key}:day`, rule: addressConfirmationLimits.day })).allowed)
    throw new DomainError('rate_limited', 429, resendTooManyMessage);
  // Never asked in this workspace (a former member's, ADR 0138): asked now as saving the task would.
  if (!address.addressId)
    await db.transaction((tx) =>
      requestDeliveryAddress(tx, { userId: task.userId, workspaceId: task.workspaceId, taskName: task.name, email }),
    );
  else await enqueue(sendAddressConfirmationJob, { addressId: address.addressId, taskName: task.name }, { db });
  return { email: normalAddress(email) };
}
