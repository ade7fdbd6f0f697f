import { clsx } from 'clsx';
import { Link } from 'react-router';
import { formatInstant, formatInZoneOf } from '#web/lib/date-time';
import { formatCount } from '#web/lib/numbers';

/** One run's value: where the chart puts it, and the run it links to. */
export type ValuePoint = { runId: string; startedAt: string; value: number };

/** SVG units; the chart stretches to its box, so strokes and dots keep their size in pixels (`non-scaling-stroke`). */
const width = 1000;
const height = 100;

const round = (value: number) => Math.round(value * 100) / 100;

/** The points placed by time (oldest left, a lone run in the middle) and by value (the lowest at the bottom). */
function placed(points: ValuePoint[]) {
  const times = points.map((point) => Date.parse(point.startedAt));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const values = points.map((point) => point.value);
  const lowest = Math.min(...values);
  const range = Math.max(...values) - lowest;
  return points.map((point, index) => ({
    ...point,
    x: round(span === 0 ? width / 2 : (((times[index] ?? first) - first) / span) * width),
    y: round(range === 0 ? height / 2 : height - ((point.value - lowest) / range) * height),
  }));
}

/** "salary over the last 12 runs: from 95,000 to 99,000": what the line says, for the image's name. */
export function valueChartSummary(label: string, points: ValuePoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${label}: no values`;
  if (points.length === 1) return `${label} in the last run: ${formatCount(first.value)}`;
  return `${label} over the last ${formatCount(points.length)} runs: from ${formatCount(first.value)} to ${formatCount(last.value)}`;
}

/**
 * A number across runs, oldest first, in plain SVG as the activity chart is drawn: a line through a dot per run, each
 * dot a link to its run with its value and time as a tooltip. The line is a named image; the dots stay outside it,
 * since an image's content is hidden from assistive technology and the links must not be. Screen readers also get
 * every value in a table (visually hidden). Times are read in `timeZone`, the task schedule's (ADR 0110).
 */
export function ValueChart({
  label,
  points,
  timeZone,
  runHref,
}: {
  label: string;
  points: ValuePoint[];
  timeZone: string;
  runHref: (runId: string) => string;
}) {
  const dots = placed(points);
  const values = points.map((point) => point.value);
  const highest = Math.max(...values);
  const lowest = Math.min(...values);
  const first = points[0];
  const last = points.at(-1);

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        {/* The highest and the lowest value beside the chart's top and bottom; a flat line's one value beside it. */}
        <div
          className={clsx(
            'flex flex-col text-right text-xs text-slate-500 tabular-nums',
            highest === lowest ? 'justify-center' : 'justify-between',
          )}
          aria-hidden="true"
        >
          <span>{formatCount(highest)}</span>
          {highest === lowest ? null : <span>{formatCount(lowest)}</span>}
        </div>
        {/* Visible overflow: dots on the edges keep their full size. */}
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-40 w-full overflow-visible" data-value-chart="">
          <g role="img" aria-label={valueChartSummary(label, points)}>
            {[0, height].map((y) => (
              <line
                key={y}
                x1="0"
                y1={y}
                x2={width}
                y2={y}
                className="stroke-slate-200"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <polyline
              points={dots.map(({ x, y }) => `${x},${y}`).join(' ')}
              fill="none"
              className="stroke-indigo-500"
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </g>
          {dots.map((dot) => {
            // A zero-length path with round caps: a dot that stays round however the chart is stretched.
            const at = `M${dot.x} ${dot.y}h0`;
            return (
              // Not scrolled to the top while a run not listed yet is looked for: its row is scrolled to once there.
              <Link key={dot.runId} to={runHref(dot.runId)} preventScrollReset className="group" data-value={dot.value}>
                <title>{`${formatCount(dot.value)} on ${formatInZoneOf(dot.startedAt, timeZone)}`}</title>
                <path d={at} stroke="transparent" strokeWidth="24" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                <path
                  d={at}
                  className="stroke-indigo-600 [stroke-width:8px] group-hover:[stroke-width:12px] group-focus-visible:[stroke-width:12px]"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              </Link>
            );
          })}
        </svg>
        <div className="col-start-2 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{first ? formatInstant(first.startedAt, 'monthDay', { timeZone }) : ''}</span>
          <span>{last && points.length > 1 ? formatInstant(last.startedAt, 'monthDay', { timeZone }) : ''}</span>
        </div>
      </div>
      {/* The wrapper, not the table, is visually hidden: a table ignores sr-only's 1 px box (see ActivityChart). */}
      <div className="sr-only">
        <table>
          <caption>{label} per run, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Run started</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.runId}>
                <th scope="row">{formatInZoneOf(point.startedAt, timeZone)}</th>
                <td>{formatCount(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
