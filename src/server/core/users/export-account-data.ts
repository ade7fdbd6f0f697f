import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dataExports, taskRuns, tasks, user, webhookDeliveries, workspaceMembers, workspaces } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { buildDataExportJob } from '../../queue/job-definitions';
import { DomainError, NotFoundError } from '../errors';
import { getUserSettings } from '../settings/get-user-settings';
import { toRun } from '../runs/to-run';
import { webhookAttemptsOf } from '../runs/webhook-attempts-of';
import { toTask } from '../tasks/to-task';

const lifetimeMs = 24 * 60 * 60 * 1000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Exports one account may ask for in a day (ADR 0091): each builds the whole account, every run with its result. */
export const dataExportsPerDay = 3;
export const dataExportsPerDayMessage = `You can ask for your data ${dataExportsPerDay} times a day. The link in the last e-mail works for 24 hours.`;

/**
 * Settings → Profile → Download my data: a pending export row, and the job that builds it (ADR 0052). The token goes
 * to the job (for the e-mailed link) and, hashed, to the row; the answer carries neither. An export still being built
 * answers a repeated request (a double click, a second tab), and a fourth request in a day is refused.
 */
export async function requestDataExport({ db, userId }: { db: Database; userId: string }): Promise<{ id: string; status: 'pending' }> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // One request at a time per account, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('data-export'), hashtext(${userId}))`);
    const recent = await tx
      .select({ id: dataExports.id, status: dataExports.status })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, sql`now() - interval '1 day'`)))
      .orderBy(desc(dataExports.createdAt));
    const building = recent.find((row) => row.status === 'pending');
    if (building) return { id: building.id, status: 'pending' as const };
    if (recent.length >= dataExportsPerDay) throw new DomainError('rate_limited', 429, dataExportsPerDayMessage);
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, tokenHash: hashToken(token) })
      .returning({ id: dataExports.id });
    if (!row) throw new Error('data export insert returned no row');
    await enqueue(buildDataExportJob, { exportId: row.id, token }, { db: tx });
    return { id: row.id, status: 'pending' as const };
  });
}

/**
 * The account as a JSON document: profile, settings, workspace memberships, tasks (no webhook secrets), runs with
 * results, webhook attempts.
 */
export async function accountDataDocument({ db, userId }: { db: Database; userId: string }): Promise<Record<string, unknown>> {
  const [profile] = await db
    .select({ id: user.id, email: user.email, name: user.name, fullName: user.fullName, role: user.role, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  if (!profile) throw new NotFoundError('User not found.');
  const taskRows = await db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(asc(tasks.createdAt));
  const names = new Map(taskRows.map((task) => [task.id, task.name]));
  const runRows = await db.select().from(taskRuns).where(eq(taskRuns.userId, userId)).orderBy(asc(taskRuns.startedAt));
  const memberships = await db
    .select({
      workspaceId: workspaces.id,
      name: workspaces.name,
      slug: workspaces.slug,
      personal: sql<boolean>`${workspaces.personalUserId} is not null`,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt));
  const attempts = await webhookAttemptsOf(
    db,
    runRows.map((run) => run.id),
    asc(webhookDeliveries.createdAt),
  );
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, createdAt: profile.createdAt.toISOString() },
    settings: await getUserSettings({ db, userId }),
    memberships: memberships.map((membership) => ({ ...membership, joinedAt: membership.joinedAt.toISOString() })),
    // The webhook secret signs deliveries: a copy of it in a downloaded file would be a key lying around.
    tasks: taskRows.map((row) => {
      const { webhookSecret: _secret, ...task } = toTask(row);
      return task;
    }),
    runs: runRows.map((row) => toRun(row, names.get(row.taskId) ?? '')),
    webhookAttempts: attempts.map((attempt) => ({
      runId: attempt.runId,
      attempt: attempt.attempt,
      url: attempt.url,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      createdAt: attempt.createdAt.toISOString(),
    })),
  };
}

/** Builds a pending export and makes it downloadable for 24 hours; a repeated job leaves a ready one alone. */
export async function buildDataExport({
  db,
  exportId,
}: {
  db: Database;
  exportId: string;
}): Promise<{ userId: string; expiresAt: Date } | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'pending') return null;
  const content = JSON.stringify(await accountDataDocument({ db, userId: row.userId }), null, 2);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db
    .update(dataExports)
    .set({ status: 'ready', content, readyAt: now, expiresAt })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
  return { userId: row.userId, expiresAt };
}

/**
 * Removes the exports nobody may download any more: expired ones, and any left unfinished for a day (a job that kept
 * failing). Without this, a copy of every result stayed in the database, and its backups, until its link was opened.
 */
export async function deleteExpiredDataExports({ db, now = new Date() }: { db: Database; now?: Date }): Promise<number> {
  const dayAgo = new Date(now.getTime() - lifetimeMs);
  const deleted = await db
    .delete(dataExports)
    .where(
      or(
        and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
        and(inArray(dataExports.status, ['pending', 'failed']), lt(dataExports.createdAt, dayAgo)),
      ),
    )
    .returning({ id: dataExports.id });
  return deleted.length;
}

/** The file behind a download link: 404 for a wrong token, 409 while building, 410 once expired (and then removed). */
export async function downloadDataExport({ db, exportId, token }: { db: Database; exportId: string; token: string }): Promise<string> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.tokenHash, hashToken(token))));
  if (!row) throw new NotFoundError('This download link is not valid.');
  if (row.status !== 'ready' || !row.content || !row.expiresAt)
    throw new DomainError('not_ready', 409, 'Your data is still being prepared. The link in the e-mail works once it is ready.');
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(dataExports).where(eq(dataExports.id, exportId));
    throw new DomainError('expired', 410, 'This download link has expired. Ask for your data again in Settings.');
  }
  return row.content;
}
