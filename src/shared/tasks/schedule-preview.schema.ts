import { z } from 'zod';
import { formatDate, formatTime, wallTimeAt } from '../time/zoned-time';
import { scheduleTimeZone, slotNotes, upcomingSlots, type Schedule } from './schedule';
import { checkBounds, checkSchedule, localTimeOf, taskInputSchema } from './task.schema';

const fields = taskInputSchema.in.shape;
export const upcomingCountRange = { min: 1, max: 50, default: 10 } as const;
const fiveYearsMs = 5 * 366 * 86_400_000;

export const upcomingMessages = {
  count: `Please ask for ${upcomingCountRange.min} to ${upcomingCountRange.max} runs.`,
  from: 'Please give an ISO date-time at most 5 years ahead.',
} as const;

export const upcomingCountSchema = z.coerce
  .number({ error: upcomingMessages.count })
  .int(upcomingMessages.count)
  .min(upcomingCountRange.min, upcomingMessages.count)
  .max(upcomingCountRange.max, upcomingMessages.count)
  .default(upcomingCountRange.default);

/**
 * `POST /api/schedules/preview` (ADR 0116): a task input's schedule fields, checked by the task's own rules and
 * messages, with the instant to start from and how many runs to list.
 */
export const schedulePreviewInputSchema = z
  .object({
    scheduleType: fields.scheduleType,
    localTime: fields.localTime,
    scheduleTime: fields.scheduleTime,
    startDate: fields.startDate,
    timezone: fields.timezone,
    customCron: fields.customCron,
    cronTimezone: fields.cronTimezone,
    dstGap: fields.dstGap,
    dstRepeat: fields.dstRepeat,
    endDate: fields.endDate,
    pausedUntil: fields.pausedUntil,
    skipDates: fields.skipDates,
    from: z.iso
      .datetime({ offset: true, error: upcomingMessages.from })
      .refine((from) => Date.parse(from) <= Date.now() + fiveYearsMs, upcomingMessages.from)
      .optional()
      .meta({ description: 'List runs after this instant (default: now), at most 5 years ahead' }),
    count: upcomingCountSchema,
  })
  .superRefine((input, context) => (checkSchedule(input, context), checkBounds(input, context)), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .meta({ id: 'SchedulePreviewInput' });

export type SchedulePreviewInput = z.output<typeof schedulePreviewInputSchema>;

/** The schedule a preview's checked fields make, as a task with them would have it. */
export function scheduleOfPreview(input: SchedulePreviewInput): Schedule {
  const custom = input.scheduleType === 'custom';
  return {
    scheduleType: input.scheduleType,
    localTime: custom ? null : (localTimeOf(input) ?? null),
    startDate: input.startDate ?? null,
    timezone: input.timezone,
    customCron: custom ? (input.customCron ?? null) : null,
    cronTimezone: custom ? (input.cronTimezone ?? input.timezone) : null,
    dstGap: input.dstGap,
    dstRepeat: input.dstRepeat,
    endDate: input.endDate ?? null,
    pausedUntil: input.pausedUntil ? new Date(input.pausedUntil) : null,
    skipDates: input.skipDates ?? null,
  };
}

export const upcomingRunSchema = z.object({
  at: z.string().meta({ description: 'The instant, in UTC (ISO 8601)' }),
  local: z.string().meta({ description: 'The wall time in the schedule’s zone, "YYYY-MM-DD HH:MM"' }),
  note: z.enum(slotNotes).optional().meta({
    description:
      '`dst_shifted`: the time does not exist that day (clocks go forward), so it runs at the first minute after; `dst_repeated`: the time happens twice that day (clocks go back); `skipped_date`: the date is one of `skipDates`, no run; `paused_until`: before `pausedUntil`, no run; `after_end`: after `endDate`, no run (listed once, last)',
  }),
});

export const upcomingRunsSchema = z.object({ items: z.array(upcomingRunSchema) }).meta({ id: 'UpcomingRuns' });
export type UpcomingRuns = z.infer<typeof upcomingRunsSchema>;

/** The next `count` runs of `schedule` after `from`, as the preview and a task's upcoming list answer them. */
export function upcomingRunsOf(schedule: Schedule, { from, count }: { from: Date; count: number }): UpcomingRuns {
  const zone = scheduleTimeZone(schedule);
  return {
    items: upcomingSlots(schedule, { after: from, count, notes: true }).map(({ at, note }) => {
      const wall = wallTimeAt(at, zone);
      return { at: at.toISOString(), local: `${formatDate(wall)} ${formatTime(wall)}`, ...(note ? { note } : {}) };
    }),
  };
}
