import pg from 'pg';

/**
 * What the plain-SQL list pages share (the history, the admin users and tasks lists; docs/decisions/0022 and 0047):
 * timestamps kept as PostgreSQL's text and named statements.
 */

/**
 * "2026-11-20 10:00:00.1234" -> "2026-11-20T10:00:00.123Z" with 3 digits: cut to milliseconds like a JavaScript Date,
 * so exactly what the drizzle mappers return for the same row; with 6, the microsecond instant a cursor carries.
 * PostgreSQL drops trailing zeros of the fraction, and the whole fraction when it is zero.
 */
export function isoInstant(text: string, digits: 3 | 6): string {
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.slice(20, 20 + digits).padEnd(digits, '0')}Z`;
}

const keepText = (value: string) => value;

/**
 * Timestamps stay PostgreSQL's text: slicing that string is far cheaper than `to_char` in PostgreSQL (it doubled
 * the history query's cost) or pg's parsing into a Date and back to ISO text in the API process.
 */
export const timesAsText = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMP ? keepText : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/**
 * Named statements under `prefix`, so each connection parses and plans a text once rather than on every request
 * (planning cost more than running a page query). Texts differ only by which filters are present: a few dozen names.
 */
export function namedStatements(prefix: string): (text: string, values: unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  return (text, values) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `${prefix}_${names.size + 1}`));
    return { name, text, values, types: timesAsText };
  };
}
