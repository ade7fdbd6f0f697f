import { CalendarClock } from 'lucide-react';
import type { Slot } from '#shared/tasks/schedule';
import { slotNoteTexts } from '#shared/tasks/slot-notes';
import { formatInstant } from '#web/lib/date-time';
import { timeZoneName } from '#web/lib/time-zones';

/**
 * A schedule's coming slots in its zone, each with what daylight saving or a bound (ADR 0118) does to it: the form's "Next runs" and the
 * task page's "Upcoming runs" show them alike.
 */
export function SlotList({ id, title, slots, timeZone }: { id: string; title: string; slots: Slot[]; timeZone: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <h3 id={id} className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <CalendarClock aria-hidden="true" className="size-4 text-indigo-600" />
        {title}
      </h3>
      <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
        {slots.map((slot) => (
          <li key={slot.at.toISOString()}>
            <time dateTime={slot.at.toISOString()}>{formatInstant(slot.at, 'weekdayDateTime', { timeZone })}</time>
            {slot.note ? <span className="ml-2 text-xs text-amber-700">{slotNoteTexts[slot.note]}</span> : null}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">Times in {timeZoneName(timeZone)}.</p>
    </section>
  );
}
