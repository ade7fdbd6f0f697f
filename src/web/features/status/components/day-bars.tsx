import { clsx } from 'clsx';
import type { StatusDay } from '#shared/status/status.schema';
import { formatLocalDate } from '#web/lib/date-time';

/** A UTC day as the reader's locale writes a date. */
export function formatDay(day: string): string {
  return formatLocalDate(`${day}T00:00:00Z`, 'UTC');
}

type DayBarsProps = {
  title: string;
  /** The figure for the whole window, beside the title. */
  summary: string;
  days: StatusDay[];
  color: (day: StatusDay) => string;
  /** A day's figure in words, for the bar's tooltip. */
  describe: (day: StatusDay) => string;
};

/**
 * One measure over the 90 days as a row of thin bars, oldest left. The bars are a picture only: screen readers get
 * the same figures from the table of daily figures below.
 */
export function DayBars({ title, summary, days, color, describe }: DayBarsProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">{summary}</p>
      </div>
      <ol aria-hidden="true" className="mt-4 flex h-10 items-stretch gap-px sm:gap-0.5">
        {days.map((day, index) => (
          <li
            key={day.day}
            title={`${formatDay(day.day)}: ${describe(day)}`}
            // A phone shows the last 30 days; the table below has all 90.
            className={clsx('min-w-0 flex-1 rounded-sm', color(day), index < days.length - 30 && 'max-sm:hidden')}
          />
        ))}
      </ol>
      <p aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-500">
        <span className="max-sm:hidden">90 days ago</span>
        <span className="sm:hidden">30 days ago</span>
        <span>Today</span>
      </p>
    </div>
  );
}
