/**
 * Wall-clock time in an IANA time zone, with nothing but Intl (the browser and Node both have it), so the form's
 * preview and the scheduler compute the same instants.
 */

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// en-US numeric with h23 formats as "3/14/2027, 02:30:00"; parsing that string costs a third of `formatToParts`,
// which every slot of a schedule preview calls several times.
const usReading = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;

/** The wall-clock reading in `timeZone` at `instant`. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime & { second: number } {
  const formatter = formatterFor(timeZone);
  const reading = usReading.exec(formatter.format(instant));
  if (reading) {
    const [, month, day, year, hour, minute, second] = reading.map(Number);
    return { year: year!, month: month!, day: day!, hour: hour! % 24, minute: minute!, second: second! };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMs(instant: Date, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock reading in `timeZone` names. A reading skipped by a DST change (02:30 on a spring-forward
 * night) moves forward by the gap; a reading that happens twice (autumn) resolves to one of the two.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const firstOffset = offsetMs(new Date(naive), timeZone);
  const firstGuess = naive - firstOffset;
  const secondOffset = offsetMs(new Date(firstGuess), timeZone);
  return new Date(secondOffset === firstOffset ? firstGuess : naive - secondOffset);
}

export function parseTime(time: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { hour, minute };
}

export function parseDate(date: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

const pad = (value: number) => String(value).padStart(2, '0');

export function formatTime({ hour, minute }: { hour: number; minute: number }): string {
  return `${pad(hour)}:${pad(minute)}`;
}

export function formatDate({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today's date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return formatDate(wallTimeAt(now, timeZone));
}

/** Whether `value` names an IANA time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  if (formatters.has(value)) return true;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}
