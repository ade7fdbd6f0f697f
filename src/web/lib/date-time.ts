import { wallTimeAt } from '#shared/time/zoned-time';
import { timeZoneName } from './time-zones';

/**
 * Every date and time the web app shows goes through `formatInstant`: in the reader's own locale (the browser's, so
 * a German reader sees "4. März 2026" and an American "Mar 4, 2026") and their own zone unless a zone is given. A
 * signed-in reader's zone is their account's, the one their activity charts count days in (ADR 0040, 0067), so one
 * page never mixes two unannounced; a visitor's is the browser's. A moment that belongs to another zone (a task's
 * schedule) names that zone and gives the reader's beside it: `formatInZoneOf` (ADR 0110).
 */
const styles = {
  /** "Mar 4, 2026, 9:00 AM GMT+1": with the zone's short name, so nobody wonders whether it is UTC or the task's zone. */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** "Mar 4, 2026, 9:00 AM": in a list whose zone is said once (an admin table). */
  shortDateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "Mar 4, 2026": a calendar day where the hour does not matter (renewals, sign-ups). */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** "March 4, 2026": a published date. */
  longDate: { dateStyle: 'long' },
  /** "Mar 4": a day of the current period. */
  monthDay: { month: 'short', day: 'numeric' },
  /** "Wed, Mar 4, 2026, 09:00 AM": a schedule's next fire times, where the weekday matters. */
  weekdayDateTime: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "Wed, Mar 4, 2026, 9:00 AM": a moment of a zone named beside it (`formatInZoneOf`). */
  zonedDateTime: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Thu, Mar 5, 1:00 AM": the reader's reading of such a moment when it falls on another day of theirs. */
  weekdayTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "10:00 AM": the reader's reading of such a moment on the same day. */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Mar 1, 1:00 AM GMT+1": when a period began, for a short hint. */
  monthDayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof styles;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The reader a page is rendered for on the server (ADR 0057); in the browser, the browser's own zone and locale. */
let serverReader: { timeZone: string | undefined; locale: string | undefined } | undefined;

/**
 * Runs a synchronous render (renderToString) for a reader whose browser is not the one running it: `formatInstant`
 * then defaults to their zone and locale instead of the server's.
 */
export function renderingFor<T>(reader: { timeZone: string | undefined; locale: string | undefined }, render: () => T): T {
  serverReader = reader;
  try {
    return render();
  } finally {
    serverReader = undefined;
  }
}

/** The locale of the reader a page is being rendered for on the server; undefined in the browser (its own). */
export function serverReaderLocale(): string | undefined {
  return serverReader?.locale;
}

/** The signed-in user's zone in the browser (ADR 0067); undefined for a visitor, whose browser's zone applies. */
let signedInZone: string | undefined;

/**
 * Shows times in the signed-in user's zone from now on (`undefined`: the browser's, after signing out). Ignored while
 * a page renders on the server: its reader's zone is `renderingFor`'s, and the server's state is no reader's.
 */
export function setSignedInTimeZone(timeZone: string | undefined): void {
  if (serverReader) return;
  signedInZone = timeZone;
}

function formatFor(style: DateStyle, givenZone: string | undefined, givenLocale: string | undefined): Intl.DateTimeFormat {
  const timeZone = givenZone ?? serverReader?.timeZone ?? signedInZone;
  const locale = givenLocale ?? serverReader?.locale;
  const key = `${style}|${timeZone ?? ''}|${locale ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * `value` (an ISO string or a Date) in `style`; `timeZone` defaults to the reader's, `locale` (for tests) to the
 * browser's. A value that is not a date is shown as it came.
 */
export function formatInstant(
  value: string | Date,
  style: DateStyle = 'dateTime',
  { timeZone, locale }: { timeZone?: string; locale?: string } = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatFor(style, timeZone, locale).format(date);
}

/** A moment in the reader's zone (or `timeZone`), with the zone's short name. */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  return formatInstant(iso, 'dateTime', { timeZone });
}

/** A calendar day in the reader's zone (or `timeZone`). */
export function formatLocalDate(iso: string, timeZone?: string): string {
  return formatInstant(iso, 'date', { timeZone });
}

/**
 * A moment that belongs to a zone of its own (a task's schedule, ADR 0110): read in that zone and named after it, then,
 * when the reader's clock reads otherwise at that moment, their reading in brackets, with the day only if theirs is
 * another: "Mon, Dec 7, 2026, 9:00 AM in UTC (10:00 AM in Europe/Berlin)". The reader's zone is `readerTimeZone`.
 */
export function formatInZoneOf(value: string | Date, ownZone: string, { locale }: { locale?: string } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const own = `${formatInstant(date, 'zonedDateTime', { timeZone: ownZone, locale })} in ${timeZoneName(ownZone)}`;
  const readerZone = readerTimeZone();
  const there = wallTimeAt(date, ownZone);
  const here = wallTimeAt(date, readerZone);
  const sameDay = there.year === here.year && there.month === here.month && there.day === here.day;
  if (sameDay && there.hour === here.hour && there.minute === here.minute) return own;
  const reading = formatInstant(date, sameDay ? 'time' : 'weekdayTime', { timeZone: readerZone, locale });
  return `${own} (${reading} in ${timeZoneName(readerZone)})`;
}

/**
 * The zone the reader sees times in ("Europe/Berlin"): a signed-in user's account zone, else the browser's; on the
 * server, that of the reader the page is rendered for. Calendar days the reader picks (History's "Specific date", an
 * API key's last day) are read in it, so a day chosen matches the days shown beside the runs.
 */
export function readerTimeZone(): string {
  return serverReader?.timeZone ?? signedInZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}
