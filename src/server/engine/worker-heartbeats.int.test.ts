import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { testLogger } from '#test/database';
import { enqueue } from '../queue/enqueue';
import { executeRunJob } from '../queue/job-definitions';
import { createOrphanedJobRelease, orphanedAfterBeats } from './worker-heartbeats';
import { privateJobs } from '#server/queue/queue-internals';

/*
 * Issue 18: a job whose lock outlived its worker's knowledge of it (the database went away as it was taken or
 * finished) is released by the live process that holds it, instead of staying locked for four hours.
 */
const t = useTestApp();

async function lockedJob(lockedBy: string): Promise<string> {
  const runId = randomUUID();
  await enqueue(executeRunJob, { runId }, { db: t.db });
  const { rows } = await t.db.execute<{ id: string }>(sql`
    update ${privateJobs} set locked_by = ${lockedBy}, locked_at = now()
    where payload->>'runId' = ${runId} returning id::text`);
  return rows[0]!.id;
}

async function lockOf(id: string): Promise<string | null> {
  const { rows } = await t.db.execute<{ locked_by: string | null }>(sql`select locked_by from ${privateJobs} where id = ${id}::bigint`);
  return rows[0]!.locked_by;
}

it('releases a held job no worker runs after several beats, and only that one', async () => {
  const orphan = await lockedJob('pool-this');
  const running = await lockedJob('pool-this');
  const resumed = await lockedJob('pool-this');
  const elsewhere = await lockedJob('pool-other');
  let runningIds = [running];
  const release = createOrphanedJobRelease({ db: t.db, poolId: 'pool-this', runningJobIds: () => runningIds, logger: testLogger });

  for (let beat = 1; beat < orphanedAfterBeats; beat += 1) expect(await release()).toEqual([]);
  // A job seen running again starts its count over: it was only between a worker's steps.
  runningIds = [running, resumed];
  expect(await release()).toEqual([orphan]);

  expect(await lockOf(orphan)).toBeNull();
  expect(await lockOf(running)).toBe('pool-this');
  expect(await lockOf(resumed)).toBe('pool-this');
  expect(await lockOf(elsewhere)).toBe('pool-other');
});
