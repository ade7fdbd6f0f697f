import { useAuth } from '#web/lib/auth';
import { browserTimeZone, timeZoneName } from '#web/lib/time-zones';

/**
 * Which zone the app writes its times in, said under the default schedule's zone (ADR 0110). It is the account's (ADR
 * 0040, 0067), which follows the saved default schedule: choosing another zone there moves every time of the app, so
 * the line says so before saving rather than letting the times switch unannounced.
 */
export function DisplayZoneNote({ savedZone, selectedZone }: { savedZone: string | undefined; selectedZone: string }) {
  const accountZone = useAuth().user?.timeZone;
  const shownZone = accountZone ?? browserTimeZone();
  const shown = accountZone
    ? `Times across the app are shown in ${timeZoneName(accountZone)}`
    : `Times across the app are shown in your browser's time zone, ${timeZoneName(shownZone)}`;
  const source = !savedZone
    ? ' until you save a default schedule, then in its time zone.'
    : savedZone === shownZone
      ? ", this schedule's time zone."
      : '.';
  return (
    <p aria-live="polite" className="text-sm text-slate-600">
      {shown}
      {source}
      {selectedZone === shownZone ? null : ` Saving shows them in ${timeZoneName(selectedZone)} instead.`}
    </p>
  );
}
