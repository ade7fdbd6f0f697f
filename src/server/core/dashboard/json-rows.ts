import { CasingCache } from 'drizzle-orm/casing';
import type { Column } from 'drizzle-orm';

const snakeCase = new CasingCache('snake_case');

/**
 * Rows that PostgreSQL wrote as JSON (`to_json` of a row with the table's own column names), read into what drizzle's
 * select returns for the same row: each value through its column's own mapping, as drizzle's relational queries read
 * their JSON. A column the table gains is read with the rest.
 */
export function rowsFromJson<Row>(columns: Record<string, Column>, rows: Record<string, unknown>[]): Row[] {
  const fields = Object.entries(columns).map(([key, column]) => [key, snakeCase.getColumnCasing(column), column] as const);
  return rows.map((json) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, column] of fields) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Row;
  });
}

/** The table's column names in SQL, each behind `alias.`: a select list that leaves out what `columns` does not name. */
export function selectListOf(columns: Record<string, Column>, alias: string): string {
  return Object.values(columns)
    .map((column) => `${alias}.${snakeCase.getColumnCasing(column)}`)
    .join(', ');
}
