import { sql } from 'drizzle-orm';
import { tasksChangedChannel } from '../../db/channels';
import type { Database } from '../../db/client';

/** Schedulers LISTEN for this: a task whose next fire time moved earlier must not wait for the next wake-up. */
export async function notifyTasksChanged(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${tasksChangedChannel}, '')`);
}
