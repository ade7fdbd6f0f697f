import { describe, expect, it } from 'vitest';
import { testLogger } from '#test/database';
import { readerLocale, renderDashboardHtml, scriptSafeJson } from './dashboard-page';

describe('readerLocale', () => {
  it('takes the first language of Accept-Language that Intl knows', () => {
    expect(readerLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(readerLocale('*, fr-CA;q=0.5')).toBe('fr-CA');
    expect(readerLocale('not a tag!!, en-GB')).toBe('en-GB');
    expect(readerLocale(undefined)).toBeUndefined();
    expect(readerLocale('')).toBeUndefined();
  });
});

describe('scriptSafeJson', () => {
  it('cannot end the script element it is written into, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- \u2028 \u2029' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('renderDashboardHtml', () => {
  it('renders nothing when the API cannot answer, so the SPA’s page is sent', async () => {
    // The database away: every API route answers 503 (app.ts's onError).
    const unavailable = async () => Response.json({ error: { code: 'unavailable' } }, { status: 503 });
    expect(await renderDashboardHtml('<div id="root"></div>', unavailable, 'en', testLogger)).toBeUndefined();
  });
});
