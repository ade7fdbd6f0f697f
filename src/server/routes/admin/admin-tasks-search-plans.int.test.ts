import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTaskPageSchema, type AdminTaskPage } from '#shared/admin/admin-task.schema';
import { type TestClient, useTestApp } from '#test/app';
import { seedUser } from '#test/seed';
import { fewAdminTaskMatches } from '../../core/admin/tasks/list-admin-tasks';

/**
 * The All Tasks search reads a common term's page by walking the newest tasks and a rare term's through the trigram
 * indexes (docs/decisions/0056): both must give the same pages, newest first, across cursors and filters.
 */
const t = useTestApp();
let admin: TestClient;

const taskCount = 2_400;
/** Task n (1 = newest) is named "Markets brief n" when n is even: more matches than the few-matches plan takes. */
const marketsTasks = Array.from({ length: taskCount }, (_, index) => index + 1).filter((n) => n % 2 === 0);
/** Owned by "Quentin Quokka": every 97th task, whatever its name. */
const quokkaTasks = Array.from({ length: taskCount }, (_, index) => index + 1).filter((n) => n % 97 === 0);
const nameOf = (n: number) => `${n % 2 === 0 ? 'Markets' : 'Weather'} brief ${n}`;

beforeAll(async () => {
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  const plain = await seedUser(t.db, { name: 'pat', fullName: 'Pat Plain', email: 'pat@example.com' });
  const quokka = await seedUser(t.db, { name: 'quentin', fullName: 'Quentin Quokka', email: 'quentin@example.com' });
  await t.db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, local_time, timezone, prompt, delivery_method, delivery_config, webhook_secret, status, created_at)
    select case when n % 97 = 0 then ${quokka.id} else ${plain.id} end, case when n % 2 = 0 then 'Markets' else 'Weather' end || ' brief ' || n,
      'openai', 'gpt-4.1-mini', 'daily', '09:00', 'Europe/Berlin', '{"input":"Summarise the day.","temperature":1,"searchEnabled":false}'::jsonb,
      'email', '{"email":"owner@example.com"}'::jsonb, 'whsec_YmVuY2gtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g=',
      case when n % 3 = 0 then 'paused' else 'active' end, timestamptz '2026-11-01T00:00:00Z' - n * interval '1 minute'
    from generate_series(1, ${taskCount}) n`);
  await t.db.execute(sql`analyze tasks`);
});

/** Every page of a search, following the cursors, and the totals each page reported. */
async function everyPage(query: string, limit: number) {
  const names: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  do {
    const path = `/api/admin/tasks?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page: AdminTaskPage = await admin.expectOk(adminTaskPageSchema, path, { status: 200 });
    names.push(...page.items.map((task) => task.name));
    totals.add(page.total);
    cursor = page.nextCursor;
    // A cursor that does not move on would page forever.
    expect(names.length).toBeLessThanOrEqual(taskCount);
  } while (cursor);
  return { names, totals: [...totals] };
}

describe('the All Tasks search on both of its plans', () => {
  it('pages a common term (more than the few-matches plan takes) newest first to its end', async () => {
    expect(marketsTasks.length).toBeGreaterThan(fewAdminTaskMatches);
    const { names, totals } = await everyPage('search=MARKETS', 100);
    expect(totals).toEqual([marketsTasks.length]);
    expect(names).toEqual(marketsTasks.map(nameOf));
  });

  it('pages a rare term, found in the owners’ names, the same way', async () => {
    const { names, totals } = await everyPage('search=quokka', 7);
    expect(totals).toEqual([quokkaTasks.length]);
    expect(names).toEqual(quokkaTasks.map(nameOf));
  });

  it('keeps the status filter on both plans, and finds nothing for an absent term', async () => {
    const paused = (n: number) => n % 3 === 0;
    expect((await everyPage('search=markets&status=paused', 100)).names).toEqual(marketsTasks.filter(paused).map(nameOf));
    expect((await everyPage('search=quokka&status=paused', 3)).names).toEqual(quokkaTasks.filter(paused).map(nameOf));
    expect(await everyPage('search=zeppelin', 20)).toEqual({ names: [], totals: [0] });
  });

  it('answers the same after many requests, once PostgreSQL keeps one plan per shape', async () => {
    // PostgreSQL plans a named statement anew for its first five runs, then may keep a generic plan: the sixth and
    // later requests of each shape run on that plan.
    for (let round = 0; round < 8; round++) {
      const common = await admin.expectOk(adminTaskPageSchema, '/api/admin/tasks?search=markets&limit=5');
      expect(common.items.map((task) => task.name)).toEqual(marketsTasks.slice(0, 5).map(nameOf));
      const rare = await admin.expectOk(adminTaskPageSchema, '/api/admin/tasks?search=quokka&limit=5');
      expect(rare.items.map((task) => task.name)).toEqual(quokkaTasks.slice(0, 5).map(nameOf));
    }
  });
});
