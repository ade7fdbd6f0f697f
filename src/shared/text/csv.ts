/**
 * CSV per RFC 4180 (CRLF rows; a field with a quote, comma or line break is quoted, quotes doubled), for the admin
 * exports (server) and the history export (browser). A field a spreadsheet would read as a formula (`=`, `+`, `-`,
 * `@`, tab, carriage return first) gets a leading apostrophe: exported names, prompts and results come from users
 * and models, and opening the file must not run them.
 */
export type CsvValue = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
