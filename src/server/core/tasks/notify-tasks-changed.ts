import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Schedulers LISTEN here; a task whose next fire time moved earlier must not wait for the next wake-up. */
export const tasksChangedChannel = 'promptcron_tasks_changed';

export async function notifyTasksChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${tasksChangedChannel}, '')`);
}
