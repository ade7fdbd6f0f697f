/** IANA time zones as the browser knows them, for pickers (default schedule, task schedules). */

export const utcTimeZone = 'UTC';

/** The zone the browser runs in, e.g. "Europe/Berlin"; UTC when the browser will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || utcTimeZone;
  } catch {
    return utcTimeZone;
  }
}

let supportedZones: string[] | undefined;

function supportedTimeZones(): string[] {
  if (supportedZones) return supportedZones;
  try {
    supportedZones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older engines lack supportedValuesOf; the user's own zone and UTC still cover the common choice.
    supportedZones = [];
  }
  return supportedZones;
}

/**
 * UTC first, then every zone alphabetically. `include` adds zones the list must offer even if the engine leaves them
 * out: V8 lists only canonical zones (no "UTC"), and a saved value such as "Asia/Calcutta" may be an alias.
 */
export function timeZoneChoices(include: string[] = []): string[] {
  const zones = new Set([...supportedTimeZones(), browserTimeZone(), ...include]);
  zones.delete(utcTimeZone);
  return [utcTimeZone, ...[...zones].sort((a, b) => a.localeCompare(b))];
}

/** The zone's current offset, e.g. "GMT+1"; "GMT" for UTC. It follows daylight saving, so it is a hint, not a key. */
export function timeZoneOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** "America/New York": a zone as every page spells it. */
export function timeZoneName(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}

/** "America/New York (GMT-5)": readable in a list, and typing its first letters in a <select> finds it. */
export function timeZoneLabel(timeZone: string, at?: Date): string {
  const offset = timeZoneOffset(timeZone, at);
  const name = timeZoneName(timeZone);
  return offset ? `${name} (${offset})` : name;
}
