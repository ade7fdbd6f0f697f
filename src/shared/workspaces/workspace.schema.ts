import { z } from 'zod';
import { emailSchema } from '../auth/auth.schema';
import { singleLineText } from '../text/safe-text';
import { workspaceRoles } from './workspace-roles';

export const workspaceMessages = {
  name: 'The workspace name must be 2 to 60 characters.',
  role: `Please choose a role: ${workspaceRoles.join(', ')}.`,
} as const;

const roleSchema = z.enum(workspaceRoles, { error: workspaceMessages.role });

/** A workspace as one of its members sees it, with that member's role. */
export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /** The caller's own workspace, made with their account: nobody else joins it, nobody leaves or deletes it. */
    personal: z.boolean(),
    role: roleSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.object({ items: z.array(workspaceSchema) }).meta({ id: 'WorkspaceList' });

/** `POST /api/workspaces` and `PATCH /api/workspaces/{id}`: a name of 2 to 60 characters once trimmed. */
export const workspaceInputSchema = z.object({
  name: singleLineText({ error: workspaceMessages.name }).trim().min(2, workspaceMessages.name).max(60, workspaceMessages.name),
});
export type WorkspaceInput = z.infer<typeof workspaceInputSchema>;

export const workspaceMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'WorkspaceMember' });
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceMemberListSchema = z.object({ items: z.array(workspaceMemberSchema) }).meta({ id: 'WorkspaceMemberList' });

export const memberRoleInputSchema = z.object({ role: roleSchema });

/** An invitation as the workspace's admins see it while it waits (never its token). */
export const workspaceInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    invitedBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'WorkspaceInvitation' });
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

export const workspaceInvitationListSchema = z
  .object({ items: z.array(workspaceInvitationSchema) })
  .meta({ id: 'WorkspaceInvitationList' });

export const invitationInputSchema = z.object({ email: emailSchema, role: roleSchema });
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** What the invitation link's page shows before it is accepted: who invites whom to what, as which role. */
export const invitationPreviewSchema = z
  .object({
    workspace: z.object({ name: z.string() }),
    email: z.string(),
    role: roleSchema,
    invitedBy: z.object({ name: z.string() }),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
