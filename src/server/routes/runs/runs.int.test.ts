import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestClient, expectStatus } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { historyPageSchema } from '#shared/runs/run.schema';

// Each test signs in a fresh user of its own, so that it reads a history nobody else wrote into.
const t = useTestApp();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

function history(client: TestClient, query = '') {
  return client.expectOk(historyPageSchema, `/api/runs${query}`, { status: 200 });
}

describe('GET /api/runs', () => {
  it('narrows the history to the last 24 hours, 7 days or 30 days, newest first, with the total', async () => {
    // The install's first account, its admin: its history too is its own.
    const { client, id: userId } = await t.signIn({ name: 'Ranges', role: 'admin' });
    const task = await seedTask(t.db, userId, { name: 'Morning digest' });
    const runs = await Promise.all([1, 48, 24 * 10, 24 * 40].map((hours) => seedRun(t.db, task, { startedAt: hoursAgo(hours) })));
    const ids = runs.map((run) => run.id);

    expect(await history(client, '?range=24h')).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ id: ids[0], taskName: 'Morning digest', status: 'completed' }],
    });
    expect((await history(client, '?range=7d')).items.map((run) => run.id)).toEqual(ids.slice(0, 2));
    expect((await history(client, '?range=30d')).items.map((run) => run.id)).toEqual(ids.slice(0, 3));
    const all = await history(client);
    expect(all.total).toBe(4);
    expect(all.items.map((run) => run.id)).toEqual(ids);
    expect(all.items[0]).toMatchObject({ durationMs: 1500, result: 'A seeded answer.', deliveryStatus: 'delivered', trigger: 'manual' });
  });

  it('covers a specific calendar day in the reader’s time zone, not in UTC', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Specific date' });
    const task = await seedTask(t.db, userId, { name: 'Auckland report' });
    // 2026-11-20 in Auckland (UTC+13, daylight time) runs from 2026-11-19T11:00Z to 2026-11-20T11:00Z.
    const at = (iso: string) => seedRun(t.db, task, { startedAt: new Date(iso) });
    await at('2026-11-19T10:59:59Z'); // 23:59:59 on the 19th in Auckland
    const first = await at('2026-11-19T11:00:00Z'); // 00:00 on the 20th
    const last = await at('2026-11-20T10:59:59Z'); // 23:59:59 on the 20th
    await at('2026-11-20T11:00:00Z'); // 00:00 on the 21st

    const day = await history(client, '?range=date&date=2026-11-20&timezone=Pacific/Auckland');
    expect(day.total).toBe(2);
    expect(day.items.map((run) => run.id)).toEqual([last.id, first.id]);
    // Without a zone the day is UTC's: 2026-11-20T00:00Z to 2026-11-21T00:00Z.
    expect((await history(client, '?range=date&date=2026-11-20')).items.map((run) => run.startedAt)).toEqual([
      '2026-11-20T11:00:00.000Z',
      '2026-11-20T10:59:59.000Z',
    ]);
  });

  it('answers a bad filter with 400 and the field at fault', async () => {
    const { client } = await t.signIn({ name: 'Bad filter' });
    const cases: [string, string, string][] = [
      ['?range=date', 'date', 'Please pick a date.'],
      ['?range=date&date=2026-02-30', 'date', 'Please pick a date.'],
      ['?range=date&date=yesterday', 'date', 'Please pick a date.'],
      ['?range=date&date=2026-11-20&timezone=Mars/Olympus', 'timezone', 'Unknown time zone.'],
      ['?range=week', 'range', 'Please choose All time, Last 24 hours, Last 7 days, Last 30 days or Specific date.'],
      ['?limit=0', 'limit', 'The page size must be a whole number from 1 to 100.'],
      ['?limit=101', 'limit', 'The page size must be a whole number from 1 to 100.'],
      ['?limit=1e20', 'limit', 'The page size must be a whole number from 1 to 100.'],
      ['?limit=2.5', 'limit', 'The page size must be a whole number from 1 to 100.'],
      ['?limit=many', 'limit', 'The page size must be a whole number from 1 to 100.'],
      ['?cursor=garbage', 'cursor', 'This page link is not valid any more. Please reload the history.'],
    ];
    for (const [query, field, message] of cases) {
      const { error } = await client.expectError(`/api/runs${query}`, { status: 400 });
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field], query).toEqual(message);
    }
  });

  it('searches task names as text, results and errors as words, case-insensitively, with % and _ taken literally', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Search' });
    const digest = await seedTask(t.db, userId, { name: 'Morning Digest' });
    const weather = await seedTask(t.db, userId, { name: 'Weather report' });
    const digestRun = await seedRun(t.db, digest, { startedAt: hoursAgo(1), result: 'Markets rose 100% today.' });
    const earningsRun = await seedRun(t.db, weather, {
      startedAt: hoursAgo(2),
      result: 'Sunny. Quarterly EARNINGS of the umbrella makers fell.',
    });
    const failedRun = await seedRun(t.db, weather, {
      startedAt: hoursAgo(3),
      status: 'error',
      result: null,
      error: 'OpenAI rejected the API key',
    });

    const search = async (q: string) => (await history(client, `?q=${encodeURIComponent(q)}`)).items.map((run) => run.id);
    expect(await search('  digest ')).toEqual([digestRun.id]);
    expect(await search('earnings')).toEqual([earningsRun.id]);
    expect(await search('rejected the api')).toEqual([failedRun.id]);
    expect(await search('WEATHER')).toEqual([earningsRun.id, failedRun.id]);
    expect(await search('100%')).toEqual([digestRun.id]);
    expect(await search('1_0')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
    // Search and range combine.
    expect(await history(client, '?q=weather&range=24h')).toMatchObject({ total: 2 });
    expect((await history(client, '?q=weather&range=date&date=2000-01-01')).total).toBe(0);
  });

  it('finds words in results and errors: phrases, -exclusions, or, and the last word as a prefix, in any language', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Words' });
    const other = await t.signIn({ name: 'Other words' });
    const news = await seedTask(t.db, userId, { name: 'Daily news' });
    const supermarket = await seedTask(t.db, userId, { name: 'Price watch' });
    const at = (hours: number, result: string | null, error: string | null = null) =>
      seedRun(t.db, news, { startedAt: hoursAgo(hours), result, error, status: error ? 'error' : 'completed' });
    const markets = await at(1, 'Stock markets rose sharply; “markets”—as usual—followed the bond market.');
    const marketing = await at(2, 'The marketing team met. Sports results: rain stopped play.');
    const supermarkets = await seedRun(t.db, supermarket, { startedAt: hoursAgo(3), result: 'Supermarkets cut prices of bread.' });
    const german = await at(4, 'Überblick: Die Märkte in Zürich schlossen höher.');
    const russian = await at(5, 'ОБЗОР: Рынки Москвы выросли.');
    const failed = await at(6, null, 'The provider rejected the e-mail address.');
    await seedRun(t.db, await seedTask(t.db, other.id, { name: 'Daily news' }), {
      result: 'Stock markets and marketing of Überblick.',
    });

    const search = async (q: string) => {
      const page = await history(client, `?q=${encodeURIComponent(q)}`);
      expect(page.total, q).toBe(page.items.length);
      return page.items.map((run) => run.id);
    };
    // The last word is a prefix of a word; a word inside another word is not found.
    expect(await search('market')).toEqual([markets.id, marketing.id]);
    expect(await search('MARKETS')).toEqual([markets.id]);
    expect(await search('supermarket')).toEqual([supermarkets.id]);
    // Words anywhere, in any order; a phrase only as written.
    expect(await search('bond stock')).toEqual([markets.id]);
    expect(await search('"rose sharply"')).toEqual([markets.id]);
    expect(await search('"sharply rose"')).toEqual([]);
    expect(await search('"rose sharp"')).toEqual([]);
    // Exclusion and alternatives.
    expect(await search('market -sports')).toEqual([markets.id]);
    expect(await search('bread or rain')).toEqual([marketing.id, supermarkets.id]);
    // Errors, and words joined by punctuation.
    expect(await search('rejected e-mail')).toEqual([failed.id]);
    // Letters beyond ASCII, in either case.
    expect(await search('überblick')).toEqual([german.id]);
    expect(await search('MÄRKTE zürich')).toEqual([german.id]);
    expect(await search('обзор')).toEqual([russian.id]);
    expect(await search('рынки МОСК')).toEqual([russian.id]);
    // The task's name still matches as text it contains.
    expect(await search('ice wat')).toEqual([supermarkets.id]);
    expect(await search('daily')).toEqual([markets.id, marketing.id, german.id, russian.id, failed.id]);
    // Nobody else's runs, whatever matches.
    expect(await search('stock markets marketing')).toEqual([]);
  });

  it('applies phrases, -exclusions and or to task names as to results', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Named searches' });
    const quietRun = (task: Awaited<ReturnType<typeof seedTask>>, hours: number) =>
      seedRun(t.db, task, { startedAt: hoursAgo(hours), result: 'Quiet day, nothing to report.' });
    const slack = await quietRun(await seedTask(t.db, userId, { name: 'Slack digest' }), 1);
    const discord = await quietRun(await seedTask(t.db, userId, { name: 'Discord alerts' }), 2);
    const email = await quietRun(await seedTask(t.db, userId, { name: 'E-mail summary' }), 3);
    const mentions = await seedRun(t.db, await seedTask(t.db, userId, { name: 'Mentions' }), {
      startedAt: hoursAgo(4),
      result: 'Someone mentioned the Slack digest on Discord.',
    });

    const search = async (q: string) => {
      const page = await history(client, `?q=${encodeURIComponent(q)}`);
      expect(page.total, q).toBe(page.items.length);
      return page.items.map((run) => run.id);
    };
    expect(await search('Slack OR Discord')).toEqual([slack.id, discord.id, mentions.id]);
    expect(await search('-Slack')).toEqual([discord.id, email.id]);
    expect(await search('quiet -slack -discord')).toEqual([email.id]);
    expect(await search('"slack digest"')).toEqual([slack.id, mentions.id]);
    expect(await search('"digest slack"')).toEqual([]);
    expect(await search('"e mail summary"')).toEqual([email.id]);
    // Words from the name and from the result together; a phrase stays within one of them.
    expect(await search('alerts quiet')).toEqual([discord.id]);
    expect(await search('"alerts quiet"')).toEqual([]);
    expect(await search('discord -alerts')).toEqual([mentions.id]);
  });

  it('answers any search text with a page, never an error', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Hostile search' });
    const task = await seedTask(t.db, userId, { name: 'Quotes' });
    const run = await seedRun(t.db, task, { result: "It's a test: 100% & more | (nothing) !important" });
    const searches = [
      "'",
      "''",
      ':*',
      'a:*',
      '&|!()',
      '"unclosed',
      '"',
      '-',
      '--',
      '- -',
      'or',
      'or or',
      '-"',
      '\\',
      '<->',
      "it's",
      '!important',
      "') or 1=1 --",
      '😀',
      'ℌ𝔢𝔩𝔩𝔬',
      'a'.repeat(200),
    ];
    for (const q of searches) {
      const response = await client.request(`/api/runs?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await history(client, `?q=${encodeURIComponent("it's")}`)).items.map((found) => found.id)).toEqual([run.id]);
    expect((await history(client, `?q=${encodeURIComponent('!important')}`)).items.map((found) => found.id)).toEqual([run.id]);
  });

  it('walks every run exactly once, page by page, even when many share one start time to the microsecond', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Pages' });
    const task = await seedTask(t.db, userId, { name: 'Busy task' });
    // The scheduler starts a batch of runs in one statement: they share started_at to the microsecond.
    await t.db.execute(sql`
      insert into task_runs (task_id, user_id, status, trigger, provider, model, started_at)
      select ${task.id}, ${userId}, 'completed', 'manual', 'openai', 'gpt-4.1-mini',
        case when n <= 30 then now() - interval '1 hour' else now() - n * interval '1.234567 second' end
      from generate_series(1, 75) n`);

    const seen: string[] = [];
    const startTimes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await history(client, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(75);
      expect(page.items.length).toBe(cursor === null || page.nextCursor ? 7 : 75 % 7);
      seen.push(...page.items.map((run) => run.id));
      startTimes.push(...page.items.map((run) => run.startedAt));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(11);
    expect(new Set(seen).size).toBe(75);
    expect(startTimes).toEqual([...startTimes].sort().reverse());
  });

  it('walks every match of a search exactly once, page by page, whether few or many runs match', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Search pages' });
    const task = await seedTask(t.db, userId, { name: 'Busy search' });
    // 2,050 runs with "alpha" (more than a search fetches whole), every second one with "beta" too (fewer).
    await t.db.execute(sql`
      insert into task_runs (task_id, user_id, status, trigger, provider, model, started_at, result)
      select ${task.id}, ${userId}, 'completed', 'schedule', 'openai', 'gpt-4.1-mini', now() - n * interval '1 minute',
        'Report ' || n || ': alpha' || case when n % 2 = 0 then ' beta' else '' end
      from generate_series(1, 2050) n`);

    for (const [q, expected] of [
      ['alpha', 2050],
      ['beta', 1025],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await history(client, `?q=${q}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.total, q).toBe(expected);
        seen.push(...page.items.map((run) => run.startedAt));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.length, q).toBe(expected);
      expect(new Set(seen).size, q).toBe(expected);
      expect(seen, q).toEqual([...seen].sort().reverse());
    }
  });

  it('lists and counts a run once when both its task’s name and its words match, on every page', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Both parts' });
    const digest = await seedTask(t.db, userId, { name: 'Walrus digest' });
    const other = await seedTask(t.db, userId, { name: 'Morning notes' });
    const started = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10, minutes));
    const both = await seedRun(t.db, digest, { startedAt: started(5), result: 'The walrus colony grew.' });
    const nameOnly = await seedRun(t.db, digest, { startedAt: started(4), result: 'Nothing new.' });
    const wordsOnly = await seedRun(t.db, other, { startedAt: started(3), result: 'A walrus was seen.' });
    await seedRun(t.db, other, { startedAt: started(2), result: 'Quiet morning.' });

    const first = await history(client, '?q=walrus&limit=2');
    expect(first.total).toBe(3);
    expect(first.items.map((run) => run.id)).toEqual([both.id, nameOnly.id]);
    const second = await history(client, `?q=walrus&limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ total: 3, nextCursor: null });
    expect(second.items.map((run) => run.id)).toEqual([wordsOnly.id]);
  });

  it('shows a user only their own runs, and answers another user’s run as not found', async () => {
    const ada = await t.signIn({ name: 'Ada' });
    const mallory = await t.signIn({ name: 'Mallory' });
    const task = await seedTask(t.db, ada.id, { name: 'Private thoughts' });
    const run = await seedRun(t.db, task, { result: 'Only Ada may read this.' });

    expect((await ada.client.ok(`/api/runs/${run.id}`)).run).toMatchObject({
      id: run.id,
      taskName: 'Private thoughts',
      result: 'Only Ada may read this.',
    });
    expect(await history(mallory.client)).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await history(mallory.client, '?q=private')).total).toBe(0);
    for (const id of [run.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await mallory.client.request(`/api/runs/${id}`);
      expectStatus(response, 404);
      expect(response.body.error).toEqual({ code: 'not_found', message: 'Run not found' });
    }
  });

  it('describes a run in the history exactly as the run itself does, times cut to the millisecond', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Precise times' });
    const task = await seedTask(t.db, userId, { name: 'Stopwatch' });
    const run = await seedRun(t.db, task);
    // Microseconds, as the scheduler's now() writes them: the history formats times in SQL, the run page in JavaScript.
    await t.db.execute(sql`update task_runs set scheduled_for = '2026-11-20T09:59:59.999999Z', started_at = '2026-11-20T10:00:00.123456Z',
      completed_at = '2026-11-20T10:00:01.500999Z' where id = ${run.id}`);

    const [listed] = (await history(client)).items;
    const single = (await client.ok(`/api/runs/${run.id}`)).run;
    expect(listed).toEqual(single);
    expect(listed).toMatchObject({
      scheduledFor: '2026-11-20T09:59:59.999Z',
      startedAt: '2026-11-20T10:00:00.123Z',
      completedAt: '2026-11-20T10:00:01.500Z',
      durationMs: 1377,
    });
  });

  it('refuses visitors who are not signed in', async () => {
    const visitor = t.visitor('198.51.100.250');
    for (const path of ['/api/runs', '/api/runs/00000000-0000-4000-8000-000000000000', '/api/dashboard', '/api/events']) {
      expect((await visitor.request(path)).status, path).toBe(401);
    }
  });
});
