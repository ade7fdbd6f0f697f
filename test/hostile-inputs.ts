/**
 * Inputs an attacker tries on every field (issue 15): text PostgreSQL cannot store, dates it has no day for, numbers
 * and types a field does not expect, shapes that crash careless code. Values are JSON text, so keys such as
 * `__proto__` and nesting deeper than any object literal can spell reach the server as a parser sees them.
 */

/** Strings, each worth trying in every text field. */
export const hostileStrings: Record<string, string> = {
  nul: 'Morning\u0000brief',
  onlyNul: '\u0000',
  bell: 'Morning\u0007brief',
  escape: '\u001b[31mred',
  verticalTab: 'Morning\u000bbrief',
  newline: 'Morning\nbrief',
  delete: 'Morning\u007fbrief',
  loneHighSurrogate: 'Summarise the news \ud800 of the day.',
  loneLowSurrogate: '\udc00 Summarise the news of the day.',
  zeroDate: '0000-01-01',
  farDate: '10000-01-01',
  lastDate: '9999-12-31',
  impossibleDate: '2026-02-30',
  neverFiringCron: '0 0 30 2 *',
  longString: 'a'.repeat(100_000),
  longEmail: `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  longUrl: `https://hooks.example.com/${'x'.repeat(3000)}`,
  loopbackUrl: 'http://127.0.0.1:8080/hook',
  mappedLoopbackUrl: 'http://[::ffff:7f00:1]/hook',
  localhostUrl: 'http://localhost/hook',
  javascriptUrl: 'javascript:alert(1)',
  sql: "' OR 1=1; DROP TABLE tasks; --",
  html: '<img src=x onerror=alert(1)>',
  empty: '',
  spaces: '   ',
  rightToLeft: '\u202egnp.exe',
  emoji: '😀'.repeat(50),
};

/** JSON values of the wrong type or shape, and the strings above. */
export const hostileJsonValues: Record<string, string> = {
  ...Object.fromEntries(Object.entries(hostileStrings).map(([name, value]) => [name, JSON.stringify(value)])),
  null: 'null',
  true: 'true',
  zero: '0',
  negative: '-1',
  huge: '1e308',
  beyondDouble: '1e999',
  bigInteger: '123456789012345678901234567890',
  fraction: '0.30000000000000004',
  emptyArray: '[]',
  array: '["a", 1, null]',
  emptyObject: '{}',
  nested: '{"a": {"b": {"c": [1, {"d": "\\u0000"}]}}}',
  deepArray: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  protoKey: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
  nulKey: '{"\\u0000": 1}',
};

/** Whole bodies that are not the object a route expects. */
export const hostileBodies: Record<string, string> = {
  ...hostileJsonValues,
  notJson: '{"name": ',
  protoOnly: '{"__proto__": {"role": "admin"}}',
};

/** `{ ...base, [field]: value }` as JSON text, with `value` already JSON; a dotted field reaches into objects. */
export function withField(base: Record<string, unknown>, field: string, valueJson: string): string {
  const marker = '"__hostile_value__"';
  const copy = structuredClone(base);
  const path = field.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    target[key] = typeof next === 'object' && next !== null ? next : {};
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1) ?? field] = '__hostile_value__';
  return JSON.stringify(copy).replace(marker, valueJson);
}
