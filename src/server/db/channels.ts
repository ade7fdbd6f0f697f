/**
 * The database's notification channels, one list for who notifies and who listens. The triggers of the migrations
 * named below send the first five; the API and workers send the last.
 */

/**
 * A run was created or changed status or delivery status (migrations 0004, 0044); the payload names its creator,
 * workspace, run and task.
 */
export const runChangedChannel = 'run_changed';
/** Runs removed or a task renamed (migrations 0005, 0044); the payload is JSON: the creator and the workspace. */
export const historyChangedChannel = 'history_changed';
/** A member left or was removed from a workspace (migration 0044); the payload is JSON: the workspace and the user. */
export const workspaceMemberRemovedChannel = 'workspace_member_removed';
/** A user's row or one of their sessions changed or went away (migration 0006); the payload is the user id. */
export const accountChangedChannel = 'account_changed';
/**
 * Something the admin lists count changed (migration 0019); the payload names the table: `tasks` (a task created,
 * removed, or its name, status, provider or owner set), `user` (a user created, removed, or their names, e-mail,
 * suspension or password set) or `subscriptions` (a user's plan).
 */
export const adminListsChangedChannel = 'admin_lists_changed';
/** A task was created, changed or resumed: schedulers wake up to look for new due slots. */
export const tasksChangedChannel = 'promptcron_tasks_changed';
