import type { TaskDeliveryAddress } from '#shared/tasks/delivery-address.schema';
import type { Database } from '../../db/client';
import { isUuid } from '#shared/ids/is-uuid';
import { destinationsOfTask } from '../tasks/destinations';
import { findOwnTask, taskNotFound } from '../tasks/find-own-task';
import { deliveryAddressStatus, normalAddress } from './delivery-address-status';

/**
 * Whether one of the workspace's tasks may e-mail its targets yet: the task page says "Waiting for confirmation" until
 * then. Addresses confirm to the task's workspace (ADR 0142); the own address is the task creator's.
 */
export async function getTaskDeliveryAddress({
  db,
  workspaceId,
  taskId,
}: {
  db: Database;
  workspaceId: string;
  taskId: string;
}): Promise<TaskDeliveryAddress> {
  if (!isUuid(taskId)) throw taskNotFound();
  const task = await findOwnTask({ db, workspaceId, taskId });
  const addresses = [];
  for (const destination of destinationsOfTask(task)) {
    const email = destination.method === 'email' ? destination.config.email : undefined;
    if (!email) continue;
    const { status } = await deliveryAddressStatus(db, { userId: task.userId, workspaceId: task.workspaceId, email });
    addresses.push({ destinationId: destination.id, email: normalAddress(email), status });
  }
  const first = destinationsOfTask(task)[0];
  const address = first?.method === 'email' && addresses[0] ? { email: addresses[0].email, status: addresses[0].status } : null;
  return { address, addresses };
}
