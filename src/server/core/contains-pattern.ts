/** An `ilike` pattern for "contains": `%` and `_` typed by a user are literal characters, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
