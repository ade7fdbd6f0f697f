import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { healthStatusOf, healthWindowMs, noRecentRunsMessage, type SystemHealth } from '#shared/admin/admin-overview.schema';
import type { Database } from '#server/db/client';
import { backups, taskRuns } from '#server/db/schema/index';
import { measureJobQueue } from '#server/queue/queue-internals';
import { latenessPercentile } from '../../runs/lateness-sql';

/**
 * The System Health panel (docs/decisions/0030). Every run query goes through `task_runs_started_at_idx`: a run that
 * finished in the last hour started at most an hour plus the run timeout (and the sweep that ends it) before.
 */
/**
 * How long before the window a run that finished in it may have started: twice the engine's run timeout (15 min,
 * engine/engine-policy.ts, which core may not import), so the sweep that ends a stuck run is covered too.
 */
const longestRunMs = 30 * 60_000;

export async function getSystemHealth({ db, now }: { db: Database; now: Date }): Promise<SystemHealth> {
  const database = await pingDatabase(db);
  const windowStart = new Date(now.getTime() - healthWindowMs);
  const earliestStart = new Date(windowStart.getTime() - longestRunMs);

  const [finished, lateness, queue, failing, [backup]] = await Promise.all([
    db
      // A run whose delivery failed did not reach its user: it counts as a failure (issue 37).
      .select({
        completed: sql<number>`count(*) filter (where ${taskRuns.status} = 'completed' and ${taskRuns.deliveryStatus} <> 'failed')::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(taskRuns)
      .where(
        and(
          gte(taskRuns.startedAt, earliestStart),
          lte(taskRuns.startedAt, now),
          gte(taskRuns.completedAt, windowStart),
          lte(taskRuns.completedAt, now),
          inArray(taskRuns.status, ['completed', 'error']),
        ),
      ),
    // The stored lateness (ADR 0101): a run claimed ahead starts at its slot, so its start says nothing of when a worker
    // began it. A run still processing has no lateness yet and is left out until it finishes.
    db
      .select({ p95: latenessPercentile(0.95) })
      .from(taskRuns)
      .where(and(gte(taskRuns.startedAt, windowStart), lte(taskRuns.startedAt, now), eq(taskRuns.trigger, 'schedule'))),
    measureJobQueue(db, now),
    // A run's delivery stays pending while attempts remain; any webhook attempt recorded for it has failed.
    db.execute<{ failing: number }>(sql`
      select count(*)::int as failing from ${taskRuns} r
      where r.delivery_status = 'pending'
        and exists (select 1 from webhook_deliveries d where d.run_id = r.id)`),
    // The worker that ran the nightly backup recorded it (backup/nightly-backup.ts); any API process reads it here.
    db.select().from(backups).orderBy(desc(backups.finishedAt)).limit(1),
  ]);

  const { completed = 0, total = 0 } = finished[0] ?? {};
  const successRate = total === 0 ? null : Math.round((completed / total) * 1000) / 10;
  return {
    status: healthStatusOf(successRate),
    successRate,
    finishedRuns: total,
    message: successRate === null ? noRecentRunsMessage : null,
    database,
    queueDepth: queue.waiting,
    oldestWaitingJobSeconds: queue.oldestWaitingSeconds === null ? null : Math.floor(queue.oldestWaitingSeconds),
    fireLatenessP95Ms: lateness[0]?.p95 ?? null,
    failingWebhookDeliveries: failing.rows[0]?.failing ?? 0,
    lastBackup: backup
      ? { at: backup.finishedAt.toISOString(), fileName: backup.fileName, sizeBytes: backup.sizeBytes, error: backup.error }
      : null,
  };
}

/** A live round trip; the other figures need the database too, so a failure here fails the whole answer. */
async function pingDatabase(db: Database): Promise<SystemHealth['database']> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}
