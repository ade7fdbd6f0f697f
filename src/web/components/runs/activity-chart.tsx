import { useId } from 'react';
import type { RunActivity } from '#shared/runs/run-activity.schema';
import { Card, CardContent, CardHeader } from '../ui/card';
import { formatCount } from '../../lib/numbers';
import { timeZoneName } from '#web/lib/time-zones';

/** "Nov 19" for a YYYY-MM-DD day: the day as the server counted it in the user's zone, whatever the browser's zone. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const plural = (count: number, one: string) => `${formatCount(count)} ${one}${count === 1 ? '' : 's'}`;
const dayText = ({ date, completed, failed }: RunActivity['days'][number]) =>
  `${dayLabel(date)}: ${formatCount(completed)} completed, ${formatCount(failed)} failed`;

/** SVG units: each day's column is `slot` wide with a gap; the chart stretches to the card's width. */
const slot = 10;
const gap = 2;
const height = 100;

/**
 * Completed and failed runs per day over the last 30 days (issue 21, docs/decisions/0049): stacked bars in plain SVG,
 * completed below and failed on top. Screen readers get the totals as the image's name and every day in a table
 * (visually hidden); pointer users a tooltip per day.
 */
export function ActivityChart({
  activity,
  title = 'Activity',
  description,
  className,
}: {
  activity: RunActivity;
  title?: string;
  description?: string;
  className?: string;
}) {
  const id = useId();
  const { days, timeZone } = activity;
  const highest = Math.max(1, ...days.map((day) => day.completed + day.failed));
  const completed = days.reduce((sum, day) => sum + day.completed, 0);
  const failed = days.reduce((sum, day) => sum + day.failed, 0);
  const scale = (count: number) => (count / highest) * height;
  const first = days[0];
  const last = days.at(-1);
  const period = `Last ${days.length} days, per day in ${timeZoneName(timeZone)}`;

  return (
    <Card aria-labelledby={`${id}-title`} className={className}>
      <CardHeader title={title} description={description ?? period} titleId={`${id}-title`} />
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-emerald-500" /> Completed ({formatCount(completed)})
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-rose-500" /> Failed ({formatCount(failed)})
          </li>
        </ul>
        <svg
          role="img"
          aria-label={`${title}: ${plural(completed, 'completed run')} and ${plural(failed, 'failed run')} in the last ${days.length} days`}
          viewBox={`0 0 ${days.length * slot} ${height}`}
          preserveAspectRatio="none"
          className="h-32 w-full"
          data-activity-chart=""
        >
          <line
            x1="0"
            y1={height}
            x2={days.length * slot}
            y2={height}
            className="stroke-slate-200"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          {days.map((day, index) => {
            const x = index * slot + gap / 2;
            const completedHeight = scale(day.completed);
            const failedHeight = scale(day.failed);
            return (
              <g key={day.date} data-day={day.date}>
                <title>{dayText(day)}</title>
                {/* Hit area for the tooltip on days without runs. */}
                <rect x={x} y="0" width={slot - gap} height={height} fill="transparent" />
                {day.completed > 0 ? (
                  <rect
                    data-completed={day.completed}
                    x={x}
                    y={height - completedHeight}
                    width={slot - gap}
                    height={completedHeight}
                    className="fill-emerald-500"
                  />
                ) : null}
                {day.failed > 0 ? (
                  <rect
                    data-failed={day.failed}
                    x={x}
                    y={height - completedHeight - failedHeight}
                    width={slot - gap}
                    height={failedHeight}
                    className="fill-rose-500"
                  />
                ) : null}
              </g>
            );
          })}
        </svg>
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{first ? dayLabel(first.date) : ''}</span>
          <span>{last ? dayLabel(last.date) : ''}</span>
        </div>
        {/*
         * The wrapper, not the table, is visually hidden: a table ignores the 1 px box and overflow of sr-only, so a
         * hidden table of 30 rows widened and lengthened the page it sits on.
         */}
        <div className="sr-only">
          <table>
            <caption>
              {title}: completed and failed runs per day, last {days.length} days ({timeZoneName(timeZone)})
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Completed</th>
                <th scope="col">Failed</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{dayLabel(day.date)}</th>
                  <td>{formatCount(day.completed)}</td>
                  <td>{formatCount(day.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
