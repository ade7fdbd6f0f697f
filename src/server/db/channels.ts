/**
 * The database's notification channels, one list for who notifies and who listens. The triggers of the migrations
 * named below send the first three; the API and workers send the last.
 */

/** A run was created or changed status or delivery status (migration 0004); the payload names user, run and task. */
export const runChangedChannel = 'run_changed';
/** Runs removed or a task renamed (migration 0005); the payload is the user id. */
export const historyChangedChannel = 'history_changed';
/** A user's row or one of their sessions changed or went away (migration 0006); the payload is the user id. */
export const accountChangedChannel = 'account_changed';
/** A task was created, changed or resumed: schedulers wake up to look for new due slots. */
export const tasksChangedChannel = 'promptcron_tasks_changed';
