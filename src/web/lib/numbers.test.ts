import { describe, expect, it } from 'vitest';
import { renderingFor } from './date-time';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes a count with the reader’s grouping', () => {
    expect(formatCount(1234567, { locale: 'en-US' })).toBe('1,234,567');
    expect(formatCount(1234567, { locale: 'de-DE' })).toBe('1.234.567');
    expect(formatCount(0, { locale: 'de-DE' })).toBe('0');
  });

  it('on the server, takes the locale of the reader the page is rendered for', () => {
    expect(renderingFor({ timeZone: 'UTC', locale: 'de-DE' }, () => formatCount(1234))).toBe('1.234');
    expect(renderingFor({ timeZone: 'UTC', locale: 'fr-FR' }, () => formatCount(1234))).toMatch(/^1\s234$/);
    // Outside such a render the default is the browser's (here the test runtime's) own locale again.
    expect(formatCount(1234)).toBe((1234).toLocaleString());
  });
});
