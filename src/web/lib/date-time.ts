/**
 * A moment in the reader's own zone (or `timeZone`), with the zone's short name ("Mar 4, 2026, 9:00 AM GMT+1"), so
 * nobody has to wonder whether it is UTC or the task's zone.
 */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** The reader's IANA time zone ("Europe/Berlin"); the server reads calendar days ("Specific date") in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A calendar day in the reader's own zone ("Mar 4, 2026"), for dates where the hour does not matter (renewals, resets). */
export function formatLocalDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date);
}
