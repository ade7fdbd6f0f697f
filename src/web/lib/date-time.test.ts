import { describe, expect, it } from 'vitest';
import { formatInZoneOf, formatInstant, renderingFor, setSignedInTimeZone } from './date-time';

describe('formatInstant', () => {
  const instant = '2026-03-04T08:00:00Z';

  it('writes the same instant in each reader’s locale', () => {
    expect(formatInstant(instant, 'weekdayDateTime', { timeZone: 'Europe/Berlin', locale: 'en-US' })).toBe('Wed, Mar 4, 2026, 09:00 AM');
    expect(formatInstant(instant, 'weekdayDateTime', { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe('Mi., 4. März 2026, 09:00');
    expect(formatInstant(instant, 'date', { timeZone: 'UTC', locale: 'en-GB' })).toBe('4 Mar 2026');
    expect(formatInstant(instant, 'date', { timeZone: 'UTC', locale: 'en-US' })).toBe('Mar 4, 2026');
  });

  it('names the zone with the time, and reads it in the zone asked for', () => {
    expect(formatInstant(instant, 'dateTime', { timeZone: 'Asia/Tokyo', locale: 'en-US' })).toBe('Mar 4, 2026, 5:00 PM GMT+9');
    expect(formatInstant(new Date(instant), 'monthDay', { timeZone: 'America/Los_Angeles', locale: 'en-US' })).toBe('Mar 4');
  });

  it('writes for the reader a page is rendered for on the server, and for nobody else afterwards', () => {
    const inTokyo = renderingFor({ timeZone: 'Asia/Tokyo', locale: 'de-DE' }, () => formatInstant(instant, 'dateTime'));
    expect(inTokyo).toBe('4. März 2026, 17:00 GMT+9');
    // A zone or locale given by the caller still wins.
    expect(renderingFor({ timeZone: 'Asia/Tokyo', locale: 'de-DE' }, () => formatInstant(instant, 'date', { locale: 'en-US' }))).toBe(
      'Mar 4, 2026',
    );
    expect(formatInstant(instant, 'dateTime')).toBe(
      new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(instant)),
    );
  });

  it('writes in the signed-in user’s zone, unless a zone is given, and in the browser’s again after signing out', () => {
    const inBrowserZone = formatInstant(instant, 'dateTime', { locale: 'en-US' });
    try {
      setSignedInTimeZone('Asia/Tokyo');
      expect(formatInstant(instant, 'dateTime', { locale: 'en-US' })).toBe('Mar 4, 2026, 5:00 PM GMT+9');
      expect(formatInstant(instant, 'dateTime', { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 4, 2026, 8:00 AM UTC');
      // A page rendered on the server is its reader's, and leaves the browser's user alone.
      expect(renderingFor({ timeZone: 'Europe/Berlin', locale: 'en-US' }, () => formatInstant(instant, 'dateTime'))).toBe(
        'Mar 4, 2026, 9:00 AM GMT+1',
      );
      renderingFor({ timeZone: 'Europe/Berlin', locale: 'en-US' }, () => setSignedInTimeZone('America/Los_Angeles'));
      expect(formatInstant(instant, 'dateTime', { locale: 'en-US' })).toBe('Mar 4, 2026, 5:00 PM GMT+9');
    } finally {
      setSignedInTimeZone(undefined);
    }
    expect(formatInstant(instant, 'dateTime', { locale: 'en-US' })).toBe(inBrowserZone);
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatInstant('not a date')).toBe('not a date');
  });
});

describe('formatInZoneOf (ADR 0110)', () => {
  const nineInUtc = '2026-12-07T09:00:00Z';
  const inZone = (zone: string, value: string) => {
    try {
      setSignedInTimeZone(zone);
      return formatInZoneOf(value, 'UTC', { locale: 'en-US' });
    } finally {
      setSignedInTimeZone(undefined);
    }
  };

  it('names the moment’s own zone, and adds the reader’s reading in brackets when their clock differs', () => {
    expect(inZone('Europe/Berlin', nineInUtc)).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC (10:00 AM in Europe/Berlin)');
    expect(inZone('UTC', nineInUtc)).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC');
    // London's clock reads UTC's in winter: nothing to add.
    expect(inZone('Europe/London', nineInUtc)).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC');
  });

  it('gives the reader’s day when it is another, and spells zones as the pickers do', () => {
    expect(inZone('Pacific/Auckland', '2026-12-07T18:30:00Z')).toBe(
      'Mon, Dec 7, 2026, 6:30 PM in UTC (Tue, Dec 8, 7:30 AM in Pacific/Auckland)',
    );
    expect(inZone('America/New_York', nineInUtc)).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC (4:00 AM in America/New York)');
  });

  it('uses the zone of the reader a page is rendered for on the server', () => {
    const rendered = renderingFor({ timeZone: 'Asia/Tokyo', locale: 'en-US' }, () => formatInZoneOf(nineInUtc, 'UTC'));
    expect(rendered).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC (6:00 PM in Asia/Tokyo)');
  });
});
