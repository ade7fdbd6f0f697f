import type { TaskList } from 'graphile-worker';

/**
 * The background jobs workers run, by name. Each job validates its payload, is idempotent, records what it did,
 * and throws to be retried. The scheduler and run execution jobs join this list with the engine.
 */
export const jobs: TaskList = {};
