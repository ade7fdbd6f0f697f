/**
 * A member's role in a workspace (ADR 0131), from the least to the most it may do. Apart from the platform's `admin`
 * role of an account.
 */
export const workspaceRoles = ['viewer', 'editor', 'admin', 'owner'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** Whether `role` may do what `least` may: each role may do all that the roles before it may. */
export function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
  return workspaceRoles.indexOf(role) >= workspaceRoles.indexOf(least);
}

/** The role that may do only what both may. */
export function leastRole(a: WorkspaceRole, b: WorkspaceRole): WorkspaceRole {
  return roleAtLeast(a, b) ? b : a;
}
