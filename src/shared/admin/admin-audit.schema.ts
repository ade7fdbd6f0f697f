import { z } from 'zod';
import { pageSize } from '#shared/lists/page-size';
import { singleLineText } from '../text/safe-text';

/** The audit log as administrators read it (issue 17): who did what to which user, task or plan, and when. */

export const auditEntrySchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    actor: z
      .object({ id: z.string(), name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'Null once the administrator’s account is deleted' }),
    deletedActor: z
      .object({ name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'Once the administrator’s account is deleted: their name and e-mail, as the deletion’s entry kept them' }),
    actorId: z.string(),
    action: z.string().meta({
      description:
        'Dotted verb: user.invite, user.invitation_resend, user.plan_change, user.role_change, user.suspend, user.unsuspend, user.delete, user.password_reset, task.pause, task.resume, task.delete, task.run, plan.create, plan.update',
    }),
    targetType: z.enum(['user', 'task', 'plan']),
    targetId: z.string(),
    targetGone: z.boolean().meta({
      description: 'True once the user or task the entry is about is deleted: `details` keep who or what it was',
    }),
    details: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The target’s names, and what changed as { field: { from, to } }; describeAuditEntry reads it as words' }),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  actorId: singleLineText().max(100).optional(),
  targetId: singleLineText().max(100).optional(),
  limit: pageSize(100, 50),
  cursor: singleLineText().max(200).optional(),
});

/** The actor of changes made with `npm run user` at the server's machine: no account, so the log names it. */
export const commandLineActorId = 'command-line';
