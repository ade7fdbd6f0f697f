import { z } from '@hono/zod-openapi';
import { pageSize } from '#shared/lists/page-size';
import { adminUserStatuses } from '#shared/admin/admin-user.schema';
import { singleLineText } from '#shared/text/safe-text';
import { decodeAdminUserCursor } from '../../core/admin/users/admin-user-cursor';
import { isUuid } from '#shared/ids/is-uuid';

/** The Users list's filter, shared by the list and its CSV export. */
export const adminUserFilterSchema = z.object({
  search: singleLineText()
    .trim()
    .max(200, 'Search text can be at most 200 characters.')
    .optional()
    .openapi({ description: 'Name, full name or e-mail contains this (case-insensitive)' }),
  status: z.enum(adminUserStatuses, { message: 'Status must be active, inactive or suspended.' }).optional(),
  planId: z
    .string()
    .refine(isUuid, 'Please choose a plan.')
    .optional()
    .openapi({ description: 'Users on this plan (Free: no subscription, or one that no longer grants a plan)' }),
});

export const adminUserListQuerySchema = adminUserFilterSchema.extend({
  cursor: singleLineText()
    .max(300)
    .refine((value) => decodeAdminUserCursor(value) !== undefined, 'This page link is not valid any more. Please reload the list.')
    .optional(),
  limit: pageSize(100, 20),
});

// Text PostgreSQL cannot store (NUL) would fail the query: refused as not found would be, before it.
export const adminUserIdParamSchema = z.object({
  id: singleLineText()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
