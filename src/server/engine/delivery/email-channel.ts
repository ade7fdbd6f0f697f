import { deliveryAddressStatus, heldDeliveryError, workspaceSender } from '../../core/delivery-addresses/delivery-address-status';
import { requestDeliveryAddress } from '../../core/delivery-addresses/request-delivery-address';
import { ValidationError } from '../../core/errors';
import { renderMarkdown } from '../../mail/render-markdown';
import { runResultMail, withSenderUnsubscribe } from '../../mail/templates';
import { emailRetryDelaysMs } from '../engine-policy';
import { noReceiptFields, type ChannelAttempt, type DeliveryChannel } from './channel';

/**
 * The run's result as an e-mail, only to the account's confirmed own address (ADR 0109), one that confirmed it wants
 * the results of the task's workspace (ADRs 0053, 0142), or the confirmed own address of a current member of the task's workspace (ADR
 * 0138, read at each attempt). A failed run has no result to send: its owner hears of failures separately.
 */
export const emailChannel: DeliveryChannel = {
  method: 'email',
  firstAttemptInRunJob: false,
  usesMailServer: true,
  retryDelaysMs: () => emailRetryDelaysMs,
  async send({ deps, run, task, owner, target, attempt, taskUrl }) {
    const to = target.config.email;
    if (run.status !== 'completed' || !to) return { outcome: 'held', reason: null };
    const address = await deliveryAddressStatus(deps.db, { userId: owner.id, workspaceId: task.workspaceId, email: to });
    const held = heldDeliveryError(address.status);
    if (held) {
      // Never asked: a former member's address (ADR 0138), asked now as saving the task asks a stranger's.
      if (address.status === 'pending' && !address.addressId) await askOnce(deps, { owner, task, email: to });
      deps.logger.info({ runId: run.id, address: address.status }, 'e-mail delivery held back: the address has not confirmed');
      return { outcome: 'held', reason: held };
    }
    try {
      const result = run.result ?? '';
      const slot = { trigger: run.trigger, slot: run.scheduledFor ?? run.startedAt, timeZone: task.timezone };
      // A confirmed address of someone else's (addressId) gets the result without a link to the owner's dashboard, from
      // the workspace it confirmed: the person, or the team by its name (ADR 0142).
      const sender = address.addressId ? ((await workspaceSender(deps.db, task.workspaceId))?.name ?? owner.name) : undefined;
      const content = runResultMail({ taskName: task.name, result, resultHtml: renderMarkdown(result), url: taskUrl, sender, run: slot });
      // Someone else's mailbox gets a way to refuse all of this workspace's mail; the owner's own has Settings.
      const mail = address.addressId
        ? withSenderUnsubscribe(content, {
            sender: sender ?? owner.name,
            unsubscribe: deps.unsubscribeLinks.forAddress(address.addressId, 'unsubscribe'),
          })
        : content;
      const accepted = await deps.mailer.send({ to, ...mail });
      return {
        outcome: 'sent',
        mailedTo: to,
        receipt: {
          ...noReceiptFields,
          method: 'email',
          at: new Date().toISOString(),
          attempt,
          smtpResponse: accepted.response,
          queueId: accepted.queueId,
        },
      };
    } catch (error) {
      return { outcome: 'failed', error: `The e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}` };
    }
  },
};

/** Asks the address to confirm (ADR 0053), unless the sender already asked their new addresses for the day (ADR 0090). */
async function askOnce(
  deps: ChannelAttempt['deps'],
  { owner, task, email }: { owner: ChannelAttempt['owner']; task: ChannelAttempt['task']; email: string },
): Promise<void> {
  try {
    // One transaction: the pending row and its confirmation mail's job exist together or not at all.
    await deps.db.transaction((tx) =>
      requestDeliveryAddress(tx, { userId: owner.id, workspaceId: task.workspaceId, taskName: task.name, email }),
    );
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    deps.logger.info({ taskId: task.id }, 'address not asked: the sender asked their new addresses for the day');
  }
}
