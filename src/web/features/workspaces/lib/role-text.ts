import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';

/** A role as the pages name it: "Owner", "Admin", "Editor", "Viewer". */
export function roleLabel(role: WorkspaceRole): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** "an editor", "a viewer": as a sentence names the role a member gets. */
export function roleWithArticle(role: WorkspaceRole): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}
