/**
 * The admin lists' part of `npm run bench:api` (issue 17): BENCH_ADMIN_USERS users (default 10,000) and BENCH_ADMIN_TASKS tasks
 * (default 100,000) spread over them, then the users and tasks lists' first pages and searches, measured in the same
 * run as the history's first page, and the 100,000-task export's time and the API's peak memory.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client';

export const adminUsers = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
export const adminTasks = Number(process.env.BENCH_ADMIN_TASKS ?? 100_000);

const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Radia',
  'Linus',
  'Frances',
  'Tim',
  'Hedy',
  'Dennis',
  'Katherine',
  'Niklaus',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Perlman',
  'Torvalds',
  'Allen',
  'Berners-Lee',
  'Lamarr',
  'Ritchie',
  'Johnson',
  'Wirth',
];
const providers = ['openai', 'anthropic', 'gemini', 'openrouter'];

/**
 * Users with names from 16 × 16 pairs plus a number (a search for a last name finds 1 in 16), one in ten invited and
 * one in fifty suspended, a third on a paid plan; tasks with a topic in their name, round-robin over users and providers.
 */
export async function seedAdminLists(db: Database, topics: string[]) {
  await db.execute(sql`
    insert into "user" (id, name, full_name, email, email_verified, has_set_password, invited, banned, role, created_at, updated_at)
    select gen_random_uuid()::text, f || ' ' || l, f || ' ' || l || ' ' || n, lower(f || '.' || l || '.' || n || '@example.com'), true,
      n % 10 <> 0, n % 10 = 0, n % 50 = 1, 'user', now() - n * interval '40 minutes', now()
    from generate_series(1, ${adminUsers}) n,
      lateral (select (${sql.param(firstNames)}::text[])[1 + n % 16] f, (${sql.param(lastNames)}::text[])[1 + (n / 16) % 16] l) names`);
  await db.execute(sql`
    insert into subscriptions (workspace_id, plan_id, status)
    select w.id, case when row_number() over () % 2 = 0 then '00000000-0000-4000-8000-000000000002'::uuid else '00000000-0000-4000-8000-000000000003'::uuid end, 'active'
    from "user" u join workspaces w on w.personal_user_id = u.id
    where u.email like '%@example.com' and u.email <> 'bench@example.com' and md5(u.id) < '5'
    on conflict do nothing`);
  await db.execute(sql`
    with owners as (select array_agg(id order by created_at) ids from "user" where email <> 'bench@example.com')
    insert into tasks (user_id, name, provider, model, schedule_type, local_time, timezone, prompt, delivery_method, delivery_config, webhook_secret, status, created_at)
    select ids[1 + n % array_length(ids, 1)], initcap((${sql.param(topics)}::text[])[1 + n % ${topics.length}]) || ' brief ' || n,
      (${sql.param(providers)}::text[])[1 + n % 4], 'gpt-4.1-mini', 'daily', '09:00', 'Europe/Berlin',
      '{"input":"Summarise the day.","temperature":1,"searchEnabled":false}'::jsonb, 'email', '{"email":"owner@example.com"}'::jsonb,
      'whsec_YmVuY2gtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g=', case when n % 7 = 0 then 'paused' else 'active' end,
      now() - n * interval '1 minute'
    from owners, generate_series(1, ${adminTasks}) n`);
  await db.execute(sql`vacuum analyze "user"`);
  await db.execute(sql`vacuum analyze tasks`);
  await db.execute(sql`vacuum analyze subscriptions`);
}

/** The API process's resident memory now and at its peak so far (VmHWM), in MiB. */
async function memoryOf(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

/** Streams an export to nowhere, counting its lines; its time and the API's memory before and after. */
export async function measureExport(baseUrl: string, cookie: string, path: string, server: ChildProcess) {
  const pid = server.pid ?? 0;
  const before = await memoryOf(pid);
  const started = performance.now();
  const { status, lines } = await new Promise<{ status: number; lines: number }>((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers: { Cookie: cookie, Origin: baseUrl } }, (response) => {
        let count = 0;
        response.on('data', (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) count++;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, lines: count }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const after = await memoryOf(pid);
  // CSV rows end in CRLF; a field with a newline inside is quoted, and the seeded names have none.
  return {
    path,
    status,
    rows: lines - 1,
    seconds,
    apiMemoryMiB: { rssBefore: before.rssMiB, peakBefore: before.peakMiB, peakAfter: after.peakMiB },
  };
}

type Measured = { requestsPerSecond: number; latencyMs: { p50: number; p95: number } } | undefined;

/**
 * Each admin list against the history's first page measured just before it: its per-request cost as a multiple
 * (goal ≤ 2), and the reference round's requests/s.
 */
export function againstHistory(pairs: Record<string, { reference: Measured; measured: Measured }>) {
  return Object.fromEntries(
    Object.entries(pairs).map(([name, { reference, measured }]) => {
      if (!reference || !measured) return [name, null];
      const costRatio = Math.round((reference.requestsPerSecond / measured.requestsPerSecond) * 100) / 100;
      const p50Ratio = Math.round((measured.latencyMs.p50 / reference.latencyMs.p50) * 100) / 100;
      return [
        name,
        { costRatio, p50Ratio, historyFirstPageRequestsPerSecond: reference.requestsPerSecond, goal: '≤ 2', pass: costRatio <= 2 },
      ];
    }),
  );
}
