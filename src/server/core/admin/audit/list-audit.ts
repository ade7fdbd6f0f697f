import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditPage } from '#shared/admin/admin-audit.schema';
import type { Database } from '#server/db/client';
import { auditLog, tasks, user } from '#server/db/schema/index';
import { ValidationError } from '../../errors';
import { isUuid } from '#shared/ids/is-uuid';
import { encodeKeysetCursor, exactInstant, isExactInstant, keysetCursorParts } from '../../keyset-cursor';

/** created_at to the microsecond: entries written in one transaction share a timestamp (see admin-task-cursor.ts). */
const createdAtExact = exactInstant(auditLog.createdAt);

function decodeCursor(cursor: string): SQL {
  const [createdAt = '', id = ''] = keysetCursorParts(cursor);
  if (!isExactInstant(createdAt) || !isUuid(id)) {
    throw new ValidationError('cursor', 'This page link is no longer valid. Start from the first page.');
  }
  return sql`(${auditLog.createdAt}, ${auditLog.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

const targetUser = alias(user, 'target_user');

/**
 * Whether the entry's user or task is gone (plans are never deleted). Tasks' ids are uuids and an entry's target id is
 * text: the cast is on the entry's side, and only for task entries, so the lookup stays on the tasks' primary key.
 */
const targetGone = sql<boolean>`case ${auditLog.targetType}
  when 'user' then ${targetUser.id} is null
  when 'task' then not exists (select 1 from ${tasks} where ${tasks.id} = ${auditLog.targetId}::uuid)
  else false end`;

/**
 * A deleted administrator's details as the entry recording the deletion kept them (name and e-mail), so their actions
 * still say who took them. By the target index; `audit_log` inside is the outer entry, the subquery's own is `deletion`.
 */
const actorDeletionDetails = sql<Record<string, unknown> | null>`(select deletion.details from ${auditLog} as deletion
  where deletion.action = 'user.delete' and deletion.target_id = ${auditLog.actorId} limit 1)`;

const keptText = (details: Record<string, unknown>, key: string) => (typeof details[key] === 'string' ? details[key] : '');

/** Administrators' actions, newest first, optionally by one administrator or about one target (indexed both ways). */
export async function listAudit({
  db,
  actorId,
  targetId,
  limit = 50,
  cursor,
}: {
  db: Database;
  actorId?: string;
  targetId?: string;
  limit?: number;
  cursor?: string;
}): Promise<AuditPage> {
  const rows = await db
    .select({
      entry: auditLog,
      cursorCreatedAt: createdAtExact,
      actor: { id: user.id, name: user.name, fullName: user.fullName, email: user.email },
      targetGone,
      actorDeletionDetails,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
    .where(
      and(
        actorId ? eq(auditLog.actorId, actorId) : undefined,
        targetId ? eq(auditLog.targetId, targetId) : undefined,
        cursor ? decodeCursor(cursor) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry, actor, targetGone, actorDeletionDetails: deleted }) => ({
      id: entry.id,
      actor: actor ? { id: actor.id, name: actor.fullName || actor.name || actor.email, email: actor.email } : null,
      deletedActor:
        !actor && deleted ? { name: keptText(deleted, 'name') || keptText(deleted, 'email'), email: keptText(deleted, 'email') } : null,
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetGone,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor(last.cursorCreatedAt, last.entry.id) : null,
  };
}
