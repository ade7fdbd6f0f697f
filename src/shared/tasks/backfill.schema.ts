import { z } from 'zod';
import { nextFireTimes, type Schedule } from './schedule';

/**
 * Backfill (ADR 0117): run the slots of a past range that have no run yet, oldest first, one at a time. The rules
 * that need the task or the clock are `backfillSlots`, shared so the form counts the slots as the server does.
 */
export const backfillLimits = { slots: 100, days: 366 } as const;

export const backfillMessages = {
  instant: 'Please enter a date and time with its offset (ISO 8601).',
  order: 'The end must be after the start.',
  future: 'The end must not be in the future.',
  tooLong: 'A backfill covers at most 366 days.',
  tooMany: 'A backfill runs at most 100 slots. Please choose a shorter range.',
  none: 'The task has no slot in this range.',
} as const;

const instant = z.iso.datetime({ offset: true, error: backfillMessages.instant });

export const backfillInputSchema = z
  .object({
    from: instant.meta({ description: 'The range’s start (ISO 8601 instant); a slot at it is included' }),
    to: instant.meta({ description: 'The range’s end (ISO 8601 instant, not after now); a slot at it is included' }),
  })
  .superRefine(({ from, to }, context) => {
    const start = Date.parse(from);
    const end = Date.parse(to);
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (!(end > start)) context.addIssue({ code: 'custom', path: ['to'], message: backfillMessages.order });
    else if (end - start > backfillLimits.days * 86_400_000)
      context.addIssue({ code: 'custom', path: ['from'], message: backfillMessages.tooLong });
  });

export type BackfillInput = z.input<typeof backfillInputSchema>;

/** `202`: how many slots will run, and how many of the range were left alone because they already have a run. */
export const backfillResultSchema = z
  .object({
    slots: z.number().int().meta({ description: 'Slots that will run, oldest first, one at a time' }),
    skipped: z.number().int().meta({ description: 'Slots of the range left alone: they already have a run' }),
  })
  .meta({ id: 'BackfillResult' });

export type BackfillResult = z.infer<typeof backfillResultSchema>;

/**
 * The task's slots from `from` to `to` (both included), or the field and message that refuse the range: an end in
 * the future, more than 100 slots, or none.
 */
export function backfillSlots(
  schedule: Schedule,
  { from, to, now = new Date() }: { from: Date; to: Date; now?: Date },
): { slots: Date[] } | { field: 'from' | 'to'; message: string } {
  if (to.getTime() > now.getTime()) return { field: 'to', message: backfillMessages.future };
  const upcoming = nextFireTimes(schedule, { after: new Date(from.getTime() - 1), count: backfillLimits.slots + 1 });
  const slots = upcoming.filter((slot) => slot.getTime() <= to.getTime());
  if (slots.length > backfillLimits.slots) return { field: 'to', message: backfillMessages.tooMany };
  if (slots.length === 0) return { field: 'from', message: backfillMessages.none };
  return { slots };
}
