import { z } from 'zod';
import { subscriptionStatuses } from '../billing/plan.schema';
import { isUuid } from '../ids/is-uuid';
import { runStatuses } from '../runs/run.schema';
import { scheduleTypes, taskStatuses } from '../tasks/task.schema';

/**
 * Users as an administrator sees them (spec section 2 "Admin screens", issue 17): the Users list, one user's profile
 * and the actions on an account.
 */

/** `inactive`: invited, no password chosen yet; `suspended`: signed out and refused sign-in until unsuspended. */
export const adminUserStatuses = ['active', 'inactive', 'suspended'] as const;
export type AdminUserStatus = (typeof adminUserStatuses)[number];

export const adminUserRoles = ['admin', 'user'] as const;

export const adminUserPlanSchema = z.object({ id: z.string().meta({ format: 'uuid' }), name: z.string() }).meta({ id: 'AdminUserPlan' });

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(adminUserStatuses),
    role: z.enum(adminUserRoles),
    plan: adminUserPlanSchema,
    taskCount: z.number().int().nonnegative(),
    joinedAt: z.string().meta({ description: 'ISO 8601, UTC' }),
    lastSignInAt: z
      .string()
      .nullable()
      .meta({ description: 'Start of the newest session, kept when a suspension ends them; null when none is left' }),
  })
  .meta({ id: 'AdminUser' });

export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users`: a page, every match's count and the cursor of the next page (null on the last). */
export const adminUserListSchema = z
  .object({
    items: z.array(adminUserSchema),
    total: z.number().int().nonnegative().meta({ description: 'Every user matching the filter, not just this page' }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminUserList' });

export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserTaskSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    status: z.enum(taskStatuses),
    scheduleType: z.enum(scheduleTypes),
    nextFireAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    lastRunStatus: z.enum(runStatuses).nullable(),
  })
  .meta({ id: 'AdminUserTask' });

export const adminAuditEntrySchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    actorId: z.string(),
    action: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUserAuditEntry' });

export const adminUserProfileSchema = z
  .object({
    user: adminUserSchema.extend({ fullName: z.string().nullable(), invited: z.boolean() }),
    subscription: z
      .object({
        status: z.enum(subscriptionStatuses),
        currentPeriodEnd: z.string().nullable(),
        cancelAtPeriodEnd: z.boolean(),
        paid: z.boolean().meta({ description: 'True: a Stripe subscription, changed only in the billing portal' }),
      })
      .nullable(),
    tasks: z.array(adminUserTaskSchema),
    runCounts: z.object({
      total: z.number().int().nonnegative(),
      completed: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
    }),
    audit: z.array(adminAuditEntrySchema).meta({ description: 'The 20 newest administrator actions about this user' }),
  })
  .meta({ id: 'AdminUserProfile' });

export type AdminUserProfile = z.infer<typeof adminUserProfileSchema>;

/** `PATCH /api/admin/users/:id`: exactly one change per request. */
export const adminUserChangeSchema = z
  .union([
    // A value that is not a uuid names no plan: refused here, before PostgreSQL would fail to cast it.
    z.object({ planId: z.string().refine(isUuid, 'Please choose a plan.').meta({ format: 'uuid' }) }).strict(),
    z.object({ role: z.enum(adminUserRoles, { message: 'Role must be admin or user.' }) }).strict(),
  ])
  .meta({ id: 'AdminUserChange' });

export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema }).meta({ id: 'AdminUserResponse' });
