import { eq } from 'drizzle-orm';
import { normalAddress } from '../../core/delivery-addresses/delivery-address-status';
import { user } from '../../db/schema';
import { accountDeletedMail, ownAddressConfirmationMail, passwordResetMail, signInPausedMail } from '../../mail/templates';
import type { sendAccountDeletedEmailJob, sendAccountEmailJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';
import { findMailRecipient } from './mail-recipient';
import type { z } from 'zod';

type SendAccountEmailPayload = z.output<typeof sendAccountEmailJob.payload>;

/**
 * Sends an account e-mail queued by a request (auth/auth.ts). The recipient is read now: an account deleted in the
 * meantime gets nothing. A failed send throws, so the queue tries again (queue/job-definitions.ts).
 */
export async function sendAccountEmail(deps: EngineDeps, { kind, userId, url }: SendAccountEmailPayload): Promise<void> {
  const recipient = await findMailRecipient(deps.db, userId);
  if (!recipient) return;
  const { name } = recipient;
  switch (kind) {
    case 'password-reset':
      await deps.mailer.send({ to: recipient.email, ...passwordResetMail({ name, url }) });
      return;
    case 'sign-in-paused':
      await deps.mailer.send({ to: recipient.email, ...signInPausedMail({ name, url }) });
      return;
    case 'address-confirmation':
      if (await nothingToConfirm(deps, { userId, email: recipient.email, url })) return;
      await deps.mailer.send({ to: recipient.email, ...ownAddressConfirmationMail({ name, email: recipient.email, url }) });
      return;
  }
}

/**
 * Whether the "Confirm your e-mail address" mail has nothing left to ask (ADR 0109): the account confirmed meanwhile
 * (another mail's link, a password reset), or the link names an address the account no longer has.
 */
async function nothingToConfirm(deps: EngineDeps, { userId, email, url }: { userId: string; email: string; url: string }) {
  const [account] = await deps.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  const link = deps.unsubscribeLinks.verifyOwnAddress(new URL(url).searchParams.get('token') ?? '');
  return account?.emailVerified !== false || link?.email !== normalAddress(email);
}

/** The confirmation that an account and its data were deleted; the address came with the job (the row is gone). */
export async function sendAccountDeletedEmail(
  deps: EngineDeps,
  { email, name, byAdministrator }: z.output<typeof sendAccountDeletedEmailJob.payload>,
): Promise<void> {
  await deps.mailer.send({ to: email, ...accountDeletedMail({ name, byAdministrator, url: deps.env.APP_URL }) });
}
