import { z } from 'zod';

/** Workspaces as an administrator sees them beside the Users list: every workspace of the install, not one's own. */

/** Which workspaces the list holds: `team` by default, since every account has a personal one. */
export const adminWorkspaceKinds = ['team', 'personal', 'all'] as const;
export type AdminWorkspaceKind = (typeof adminWorkspaceKinds)[number];

/** How many owners an item names; `ownerCount` says how many there are in all. */
export const adminWorkspaceOwnersShown = 3;

export const adminWorkspaceOwnerSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string() })
  .meta({ id: 'AdminWorkspaceOwner' });

/** The plan whose limits apply to the workspace's tasks and runs (ADR 0140): Free without a subscription granting one. */
export const adminWorkspacePlanSchema = z
  .object({ id: z.string().meta({ format: 'uuid' }), name: z.string() })
  .meta({ id: 'AdminWorkspacePlan' });

export const adminWorkspaceSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    slug: z.string(),
    /** An account's own workspace, made with it; a team workspace has members only. */
    personal: z.boolean(),
    memberCount: z.number().int().nonnegative(),
    ownerCount: z.number().int().nonnegative(),
    owners: z.array(adminWorkspaceOwnerSchema).meta({ description: `The ${adminWorkspaceOwnersShown} owners who joined first` }),
    plan: adminWorkspacePlanSchema,
    createdAt: z.string().meta({ description: 'ISO 8601, UTC' }),
  })
  .meta({ id: 'AdminWorkspace' });
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

/** `GET /api/admin/workspaces`: a page, every match's count and the cursor of the next page (null on the last). */
export const adminWorkspaceListSchema = z
  .object({
    items: z.array(adminWorkspaceSchema),
    total: z.number().int().nonnegative().meta({ description: 'Every workspace matching the filter, not just this page' }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminWorkspaceList' });
export type AdminWorkspaceList = z.infer<typeof adminWorkspaceListSchema>;
