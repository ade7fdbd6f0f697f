import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const databaseIncidentSummary = 'The database could not be reached.';

/**
 * Outages of the database as this process saw them (issue 40, docs/decisions/0076). While the database is away
 * nothing can be written to it, so the first failure is remembered here and the incident is recorded, with its start
 * and end, once the database answers again.
 */
export class DatabaseOutages {
  #since: Date | undefined;

  /** When this process first failed to reach the database in the current outage; undefined while it can. */
  get since(): Date | undefined {
    return this.#since;
  }

  noteUnavailable(at = new Date()): void {
    this.#since ??= at;
  }

  /**
   * Records the outage noted, now over, as a closed 'database' incident. Every API process saw the same outage: one
   * at a time (an advisory lock) extends an incident that overlaps it rather than adding a second.
   */
  async recordIfBack(db: Database, now = new Date()): Promise<boolean> {
    const started = this.#since;
    if (!started) return false;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('promptcron:database-incident', 0))`);
      const merged = await tx.execute(sql`
        update incidents set started_at = least(started_at, ${started}), ended_at = greatest(ended_at, ${now})
        where kind = 'database' and started_at <= ${now} and ended_at >= ${started}::timestamptz - interval '1 minute'`);
      if (!merged.rowCount) {
        await tx.execute(sql`
          insert into incidents (kind, started_at, ended_at, summary)
          values ('database', ${started}, ${now}, ${databaseIncidentSummary})`);
      }
    });
    this.#since = undefined;
    return true;
  }
}

/** This process's view: the error handler, the health check and the status monitor all report to it. */
export const databaseOutages = new DatabaseOutages();
