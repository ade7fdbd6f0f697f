const gmtOffset = /^GMT[+-]/;

/**
 * The zone's short name now ("CET", "EST", "UTC"). ICU knows each abbreviation only in some locales (en-US has EST
 * but not CET, en-GB the reverse), so we ask both and fall back to the offset ("GMT+9") where neither has one.
 */
export function zoneAbbreviation(timeZone: string, at = new Date()): string {
  let fallback = timeZone;
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!gmtOffset.test(name)) return name;
    fallback = name;
  }
  return fallback;
}
