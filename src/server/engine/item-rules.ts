import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { itemRuleNotDelivered, isItemRule, wholeItemKey } from '#shared/tasks/item-rules';
import { renderOutput } from '#shared/tasks/output-rendering';
import type { DeliverWhen } from '#shared/tasks/task.schema';
import type { Database } from '../db/client';
import type { NewItem, RunTaskSnapshot } from '../db/schema';

/**
 * Only new or changed items (ADR 0122): which items of a structured run's list its delivery carries, measured against
 * the items the task has delivered (`delivered_items`), and the recording of those once a delivery is confirmed.
 */

/** How long, and how many per task, delivered items are remembered: the oldest beyond either are forgotten. */
export const deliveredItemsKept = { days: 365, perTask: 10_000 } as const;
/** `{{last_items}}` lists at most this many keys, newest first. */
export const lastItemsCount = 100;
/** A key longer than this is kept cut short for `{{last_items}}`; its hash still tells it apart. */
const keyTextLength = 500;

/** What a run with an item rule delivers: only these items, their rendering, and their keys to remember. */
export type ItemsToDeliver = { notDelivered: string } | { output: Record<string, unknown>; result: string; newItems: NewItem[] };

/** JSON with every object's keys sorted, so that the same item always reads, and hashes, the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function plain(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

/**
 * The items of the run's list to deliver under the task's rule, or why none is; null when the task has no item rule
 * (or no list to apply it to), so the run delivers as under "always".
 */
export async function itemsToDeliver(
  db: Database,
  {
    taskId,
    deliverWhen,
    rule,
    outputSchema,
    output,
  }: {
    taskId: string;
    deliverWhen: DeliverWhen;
    rule: Pick<RunTaskSnapshot, 'itemKey' | 'watchedFields'>;
    outputSchema: Record<string, unknown> | null | undefined;
    output: Record<string, unknown> | null;
  },
): Promise<ItemsToDeliver | null> {
  if (!isItemRule(deliverWhen) || !rule.itemKey || !outputSchema || !output || !Array.isArray(output.items)) return null;
  const { itemKey } = rule;
  const watchedFields = deliverWhen === 'changed_items' ? (rule.watchedFields ?? []) : [];
  const candidates = new Map<string, { item: Record<string, unknown>; key: string }>();
  for (const item of output.items as Record<string, unknown>[]) {
    const keyValue = itemKey === wholeItemKey ? item : item[itemKey];
    const hash = createHash('sha256').update(canonicalJson(keyValue)).digest('hex');
    // The same item twice in one answer is delivered, and remembered, once.
    if (!candidates.has(hash)) candidates.set(hash, { item, key: plain(keyValue).slice(0, keyTextLength) });
  }
  const known = new Map<string, Record<string, unknown>>();
  if (candidates.size > 0) {
    // Hex hashes joined by commas: drizzle would spread an array parameter into a list.
    const { rows } = await db.execute<{ key_hash: string; watched: Record<string, unknown> }>(sql`
      select key_hash, watched from delivered_items
      where task_id = ${taskId} and key_hash = any(string_to_array(${[...candidates.keys()].join(',')}, ','))
        and delivered_at > now() - make_interval(days => ${deliveredItemsKept.days})`);
    for (const row of rows) known.set(row.key_hash, row.watched);
  }

  const delivered: Record<string, unknown>[] = [];
  const shown: Record<string, unknown>[] = [];
  const newItems: NewItem[] = [];
  for (const [hash, { item, key }] of candidates) {
    const before = known.get(hash);
    const changed = before ? watchedFields.filter((field) => canonicalJson(before[field]) !== canonicalJson(item[field])) : [];
    // Under changed_items an item never delivered is delivered too: nothing was delivered to compare it with.
    if (before && changed.length === 0) continue;
    delivered.push(item);
    shown.push({ ...item, ...Object.fromEntries(changed.map((field) => [field, changeText(before?.[field], item[field])])) });
    newItems.push({ key, hash, watched: Object.fromEntries(watchedFields.map((field) => [field, item[field] ?? null])) });
  }
  if (delivered.length === 0) return { notDelivered: itemRuleNotDelivered[deliverWhen] };
  return {
    output: { ...output, items: delivered },
    result: renderOutput(outputSchema, { ...output, items: shown }),
    newItems,
  };
}

/** A watched field's change as the delivery shows it: "was 120, now 99"; an empty value reads "empty". */
export function changeText(before: unknown, now: unknown): string {
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? 'empty' : plain(value));
  return `was ${text(before)}, now ${text(now)}`;
}

/**
 * The SQL that remembers the items of run `runId` once its delivery is confirmed; nothing for a run that is not
 * delivered or has no items. Part of the statement or transaction that marks it delivered. A run every destination
 * declined by its own rule (ADR 0132) is settled as skipped and remembers its items too: `settledAs` says so.
 */
export function rememberDeliveredItemsSql(runId: string, settledAs: 'delivered' | 'skipped' = 'delivered') {
  return sql`
    insert into delivered_items (task_id, key_hash, key, watched, delivered_at)
    select r.task_id, e->>'hash', e->>'key', coalesce(e->'watched', '{}'::jsonb), now()
    from task_runs r cross join lateral jsonb_array_elements(r.new_items) e
    where r.id = ${runId} and r.delivery_status = ${settledAs} and r.new_items is not null
    on conflict (task_id, key_hash) do update set key = excluded.key, watched = excluded.watched, delivered_at = excluded.delivered_at`;
}

/** Forgets a task's delivered items older than 365 days and, beyond 10,000, the oldest. Made after each recording. */
export async function pruneDeliveredItems(db: Pick<Database, 'execute'>, taskId: string): Promise<void> {
  await db.execute(sql`
    delete from delivered_items
    where task_id = ${taskId}
      and (delivered_at < now() - make_interval(days => ${deliveredItemsKept.days})
        or key_hash in (
          select key_hash from delivered_items where task_id = ${taskId}
          order by delivered_at desc, key_hash offset ${deliveredItemsKept.perTask}))`);
}

/** `{{last_items}}`: the keys the task has delivered, newest first, one a line, at most `lastItemsCount`. */
export async function lastItemsOf(db: Database, taskId: string): Promise<string> {
  const { rows } = await db.execute<{ key: string }>(sql`
    select key from delivered_items where task_id = ${taskId}
      and delivered_at > now() - make_interval(days => ${deliveredItemsKept.days})
    order by delivered_at desc, key limit ${lastItemsCount}`);
  return rows.map((row) => row.key).join('\n');
}
