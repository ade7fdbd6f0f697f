import type { TaskDeliveryAddress } from '#shared/tasks/delivery-address.schema';
import type { Database } from '../../db/client';
import { isUuid } from '#shared/ids/is-uuid';
import { findOwnTask, taskNotFound } from '../tasks/find-own-task';
import { deliveryAddressStatus, normalAddress } from './delivery-address-status';

/** Whether one of the user's tasks may e-mail its target yet: the task page says "Waiting for confirmation" until then. */
export async function getTaskDeliveryAddress({
  db,
  userId,
  taskId,
}: {
  db: Database;
  userId: string;
  taskId: string;
}): Promise<TaskDeliveryAddress> {
  if (!isUuid(taskId)) throw taskNotFound();
  const task = await findOwnTask({ db, userId, taskId });
  const email = task.deliveryMethod === 'email' ? task.deliveryConfig.email : undefined;
  if (!email) return { address: null };
  const { status } = await deliveryAddressStatus(db, { userId, email });
  return { address: { email: normalAddress(email), status } };
}
