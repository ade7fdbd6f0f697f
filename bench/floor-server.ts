/**
 * The floor of `npm run bench:api` (issue 21): the history's first page served by nothing but `node:http` and `pg`,
 * so the product's figures can be read as a ratio against what this machine can do at all in the same run.
 *
 * - The same SQL: the page and count texts are taken from `listHistory` itself at start-up (with a pool that only
 *   records what it is asked), so the floor follows any change to the product's query. Run as named statements with
 *   the same parameters, timestamps kept as PostgreSQL's text, as the product does (docs/decisions/0022).
 * - The same session check: the better-auth cookie's HMAC verified and the session row read on the first request of
 *   a Cookie header, then kept in a per-process map for 5 minutes at most and never past the session's expiry
 *   (docs/decisions/0021). The total is counted once per user and kept, as the product keeps totals (0020).
 * - Nothing else: no router, no middleware, no logging, the rows written as they come from `pg`.
 *
 * Answers `GET /api/runs` (the first page only) and 401 / 404 like the API; prints `ready` on stdout.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { listHistory } from '#server/core/history/list-history';

const url = process.env.DATABASE_URL;
const secret = process.env.AUTH_SECRET;
if (!url || !secret) throw new Error('DATABASE_URL and AUTH_SECRET are required');
const limit = 20;
const keptForMs = 5 * 60_000;

/** The product's pool size (main.ts: WORKER_CONCURRENCY + 10, default 10). */
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.WORKER_CONCURRENCY ?? 10) + 10 });
const keepText = (value: string) => value;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMP ? keepText : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/** The first page's query texts exactly as the product sends them; $1 is the workspace. */
async function productQueries(): Promise<{ page: { text: string; values: unknown[] }; count: { text: string; values: unknown[] } }> {
  const seen: { text: string; values: unknown[] }[] = [];
  const recorder = {
    query: (config: pg.QueryConfig) => {
      seen.push({ text: config.text, values: config.values ?? [] });
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.Pool;
  await listHistory({ pool: recorder, workspaceId: 'floor', limit });
  const page = seen.find((query) => !query.text.startsWith('select count'));
  const count = seen.find((query) => query.text.startsWith('select count'));
  if (!page || !count) throw new Error('listHistory sent no page or no count query');
  return { page, count };
}

const { page, count } = await productQueries();
const pageValues = (workspaceId: string) => page.values.map((value, index) => (index === 0 ? workspaceId : value));

/** A session's personal workspace, whose history the product answers when the request names none (ADR 0136). */
interface Kept {
  workspaceId: string;
  keptUntil: number;
}
const sessions = new Map<string, Kept>();
const totals = new Map<string, number>();
const cookiePattern = /(?:^|;\s*)(?:__Secure-)?promptcron\.session_token=([^;]*)/;

/** better-auth's signed cookie: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. */
function tokenOf(cookie: string): string | undefined {
  const raw = cookiePattern.exec(cookie)?.[1];
  if (!raw) return undefined;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret ?? '')
    .update(token)
    .digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

async function workspaceOf(cookie: string | undefined): Promise<string | undefined> {
  if (!cookie) return undefined;
  const kept = sessions.get(cookie);
  const now = Date.now();
  if (kept && kept.keptUntil > now) return kept.workspaceId;
  const token = tokenOf(cookie);
  if (!token) return undefined;
  const { rows } = await pool.query<{ workspace_id: string; expires_at: Date }>({
    name: 'floor_session',
    text: 'select w.id as workspace_id, s.expires_at from session s join "user" u on u.id = s.user_id join workspaces w on w.personal_user_id = u.id where s.token = $1 and s.expires_at > now()',
    values: [token],
  });
  const row = rows[0];
  if (!row) return undefined;
  sessions.set(cookie, { workspaceId: row.workspace_id, keptUntil: Math.min(row.expires_at.getTime(), now + keptForMs) });
  return row.workspace_id;
}

async function totalOf(workspaceId: string): Promise<number> {
  const kept = totals.get(workspaceId);
  if (kept !== undefined) return kept;
  const { rows } = await pool.query<{ total: number }>({
    name: 'floor_count',
    text: count.text,
    values: [workspaceId, ...count.values.slice(1)],
  });
  const total = rows[0]?.total ?? 0;
  totals.set(workspaceId, total);
  return total;
}

function send(response: http.ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

const server = http.createServer((request, response) => {
  void (async () => {
    try {
      if (request.method !== 'GET' || !request.url?.startsWith('/api/runs')) return send(response, 404, '{"error":{"code":"not_found"}}');
      const workspaceId = await workspaceOf(request.headers.cookie);
      if (!workspaceId) return send(response, 401, '{"error":{"code":"unauthorized"}}');
      const [{ rows }, total] = await Promise.all([
        pool.query({ name: 'floor_page', text: page.text, values: pageValues(workspaceId), types }),
        totalOf(workspaceId),
      ]);
      send(response, 200, JSON.stringify({ items: rows.slice(0, limit), more: rows.length > limit, total }));
    } catch (error) {
      send(response, 500, JSON.stringify({ error: { code: 'internal', message: String(error) } }));
    }
  })();
});
server.listen(Number(process.env.PORT), () => process.stdout.write('ready\n'));

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
