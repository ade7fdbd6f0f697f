import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passwordLinkActions, type MeUser } from '#shared/auth/me.schema';
import type { InviteUserInput } from '#shared/auth/auth.schema';
import { passwordLink } from '../../auth/auth';
import { invitationIdentifier } from '../../auth/invitations';
import type { Database } from '../../db/client';
import { user, verification } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { recordUserAudit } from '../admin/users/target-user';
import { ConflictError } from '../errors';
import { createPersonalWorkspace } from '../../auth/personal-workspace';
import { toMeUser } from './to-me-user';

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** Creates an invited account without a password and e-mails its owner a single-use link to choose one. */
export async function inviteUser(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  invitedBy: { id: string; email: string };
  input: InviteUserInput;
}): Promise<MeUser> {
  const { db, mailer, appUrl, invitedBy, input } = options;
  const email = input.email.toLowerCase();
  const token = newInvitationToken();

  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (existing) throw new ConflictError('A user with this email already exists.');
    const [row] = await tx
      .insert(user)
      .values({ id: randomUUID(), email, name: input.name, fullName: input.name, invited: true, hasSetPassword: false, role: 'user' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError('A user with this email already exists.');
    await createPersonalWorkspace(tx, row);
    await storeInvitation(tx, row.id, token);
    await recordUserAudit(tx, { actorId: invitedBy.id, action: 'user.invite', target: row });
    return row;
  });

  await sendInvitation({ db, mailer, appUrl, invitedBy, to: { email, name: input.name }, token });
  return toMeUser(created);
}

export function newInvitationToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The single-use token of an invitation link, valid for 7 days. */
export async function storeInvitation(tx: Pick<Database, 'insert'>, userId: string, token: string): Promise<void> {
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: invitationIdentifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + invitationLifetimeMs),
  });
}

/** E-mails the invitation link, signed with the inviting administrator's name. */
export async function sendInvitation(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  invitedBy: { id: string; email: string };
  to: { email: string; name: string };
  token: string;
}) {
  const { db, mailer, appUrl, invitedBy, to, token } = options;
  const [inviter] = await db.select({ fullName: user.fullName, email: user.email }).from(user).where(eq(user.id, invitedBy.id));
  const url = passwordLink(appUrl, passwordLinkActions.set, token);
  await mailer.send({ to: to.email, ...invitationMail({ name: to.name, invitedBy: inviter?.fullName || invitedBy.email, url }) });
}
