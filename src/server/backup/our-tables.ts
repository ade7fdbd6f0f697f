import { BackupError } from './backup-format';

type Query = <Row extends Record<string, unknown>>(text: string) => Promise<Row[]>;

export interface OurTable {
  /** `schema.table` */
  name: string;
  /** The columns written and loaded: generated columns are left out (PostgreSQL computes them again). */
  columns: string[];
}

/**
 * Every table of ours: schema `public` (less what extensions own) and drizzle's record of applied migrations. The job
 * queue's schema is not among them (ADR 0069). Ordered so that a table comes after every table it references.
 */
export async function ourTables(query: Query): Promise<OurTable[]> {
  const tables = await query<{ oid: number; name: string; columns: string[] }>(`
    select c.oid::int as oid, n.nspname || '.' || c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and (n.nspname = 'public' or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by name`);
  const references = await query<{ from: number; to: number }>(`
    select conrelid::int as "from", confrelid::int as "to" from pg_constraint where contype = 'f' and conrelid <> confrelid`);
  return inReferenceOrder(tables, references);
}

function inReferenceOrder<T extends { oid: number; name: string; columns: string[] }>(
  tables: T[],
  references: { from: number; to: number }[],
): OurTable[] {
  const ordered: OurTable[] = [];
  const placed = new Set<number>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      references.every(
        (reference) => reference.from !== table.oid || placed.has(reference.to) || !tables.some((t) => t.oid === reference.to),
      ),
    );
    if (ready.length === 0)
      throw new BackupError(`The tables ${remaining.map((table) => table.name).join(', ')} reference each other in a cycle.`);
    for (const table of ready) {
      placed.add(table.oid);
      ordered.push({ name: table.name, columns: table.columns });
    }
    remaining = remaining.filter((table) => !placed.has(table.oid));
  }
  return ordered;
}

/** Sequences in our schemas (drizzle's migration ids; serial columns), set again after a restore. */
export async function sequencesOf(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname in ('public', 'drizzle')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by name`);
  return rows.map((row) => row.name);
}
