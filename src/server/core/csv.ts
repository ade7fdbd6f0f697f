/**
 * CSV as RFC 4180 writes it (CRLF rows, fields quoted when needed, quotes doubled), safe to open in a spreadsheet: a
 * field a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with `'`
 * (OWASP "CSV injection"), so a user's name cannot run in an administrator's spreadsheet.
 */
export function csvRow(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
