import { formatDate, wallTimeAt } from '../time/zoned-time';
import type { Slot } from './schedule';

/** The limits a schedule keeps within (ADR 0118); each is optional. */
export interface ScheduleBounds {
  /** YYYY-MM-DD in the schedule's zone: no slot runs on a later date. */
  endDate?: string | null;
  /** No slot runs before this instant (a Date, or ISO as the API has it); the task resumes by itself at it. */
  pausedUntil?: Date | string | null;
  /** YYYY-MM-DD dates in the schedule's zone on which no slot runs. */
  skipDates?: readonly string[] | null;
}

export function hasBounds({ endDate, pausedUntil, skipDates }: ScheduleBounds): boolean {
  return Boolean(endDate || pausedUntil || skipDates?.length);
}

/** Slots strictly after `after`, as the schedule's wall times name them, at most `count`. */
type SlotSource = (after: Date, count: number) => Slot[];

/**
 * The schedule's slots within its bounds. With `notes` (the preview, the upcoming list) a slot the bounds keep from
 * running is listed with why, and the first after the end date closes the list; without (the scheduler) it is left
 * out, so it is neither run nor recorded as missed.
 */
export function boundedSlots(
  bounds: ScheduleBounds,
  { after, count, notes, timeZone }: { after: Date; count: number; notes: boolean; timeZone: string },
  slotsOf: SlotSource,
): Slot[] {
  if (!hasBounds(bounds)) return slotsOf(after, count);
  const { endDate } = bounds;
  const pausedUntil = bounds.pausedUntil ? new Date(bounds.pausedUntil) : null;
  const skipDates = new Set(bounds.skipDates ?? []);
  const slots: Slot[] = [];
  // The scheduler wants nothing inside the pause: start at its end (a slot exactly then runs).
  let from = !notes && pausedUntil && pausedUntil.getTime() > after.getTime() ? new Date(pausedUntil.getTime() - 1) : after;
  // Skipped dates leave room for more slots; a schedule skipped for longer than this many slots shows no next run.
  for (let chunk = Math.max(count, 8), round = 0; round < 64; round++, chunk = Math.min(chunk * 2, 1024)) {
    const found = slotsOf(from, chunk);
    for (const slot of found) {
      const date = formatDate(wallTimeAt(slot.at, timeZone));
      if (endDate && date > endDate) {
        if (notes) slots.push({ at: slot.at, note: 'after_end' });
        return slots.slice(0, count);
      }
      if (skipDates.has(date)) {
        if (notes) slots.push({ at: slot.at, note: 'skipped_date' });
      } else if (pausedUntil && slot.at.getTime() < pausedUntil.getTime()) {
        if (notes) slots.push({ at: slot.at, note: 'paused_until' });
      } else {
        slots.push(slot);
      }
      if (slots.length >= count) return slots;
    }
    const last = found.at(-1);
    if (!last || found.length < chunk) break;
    from = last.at;
  }
  return slots;
}
