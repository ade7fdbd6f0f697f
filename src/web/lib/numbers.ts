import { serverReaderLocale } from './date-time';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A count in the reader's locale, as dates are (`formatInstant`): "1,234" for an American reader, "1.234" for a
 * German one. On the server (ADR 0057) it is the locale of the reader the page is rendered for, so the browser's
 * first render writes the same text and hydration finds nothing to change.
 */
export function formatCount(value: number, { locale }: { locale?: string } = {}): string {
  const chosen = locale ?? serverReaderLocale();
  const key = chosen ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(chosen);
    formats.set(key, format);
  }
  return format.format(value);
}
