import { LocateFixed } from 'lucide-react';
import { useMemo } from 'react';
import { timeZoneChoices, timeZoneLabel, timeZoneName } from '../../lib/time-zones';

/**
 * The <option>s of a time-zone <select>: UTC, then every zone the browser knows with its current offset. `keep` stays
 * selectable even if this browser's list lacks it (an alias, or "UTC" itself), e.g. the zone a form opened with.
 */
export function TimeZoneOptions({ keep }: { keep: string }) {
  const options = useMemo(() => {
    const now = new Date();
    return timeZoneChoices([keep]).map((zone) => ({ zone, label: timeZoneLabel(zone, now) }));
  }, [keep]);
  return options.map(({ zone, label }) => (
    <option key={zone} value={zone}>
      {label}
    </option>
  ));
}

/** "Your browser uses Europe/Berlin. Use my time zone": the hint under a zone picker set to another zone. */
export function UseBrowserTimeZone({ browserZone, onUse }: { browserZone: string; onUse: () => void }) {
  return (
    <>
      Your browser uses {timeZoneName(browserZone)}.{' '}
      <button
        type="button"
        onClick={onUse}
        className="inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:text-indigo-900"
      >
        <LocateFixed aria-hidden="true" className="size-3.5" />
        Use my time zone
      </button>
    </>
  );
}
