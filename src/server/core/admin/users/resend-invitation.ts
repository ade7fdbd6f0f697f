import type { Database } from '#server/db/client';
import { verification } from '#server/db/schema/index';
import type { Mailer } from '#server/mail/mailer';
import { invitationsOf } from '#server/auth/invitations';
import { ConflictError } from '../../errors';
import { newInvitationToken, sendInvitation, storeInvitation } from '../../users/invite-user';
import { lockTargetUser, recordUserAudit } from './target-user';

/** A new invitation link for a user who has not chosen a password yet; the links sent before stop working. */
export async function resendInvitation(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  actor: { id: string; email: string };
  userId: string;
}): Promise<void> {
  const { db, mailer, appUrl, actor, userId } = options;
  const token = newInvitationToken();
  const target = await db.transaction(async (tx) => {
    const row = await lockTargetUser(tx, userId);
    if (row.hasSetPassword) throw new ConflictError('This user has already set a password.');
    await tx.delete(verification).where(invitationsOf(userId));
    await storeInvitation(tx, userId, token);
    await recordUserAudit(tx, { actorId: actor.id, action: 'user.invitation_resend', target: row });
    return row;
  });
  await sendInvitation({ db, mailer, appUrl, invitedBy: actor, to: { email: target.email, name: target.fullName || target.name }, token });
}
