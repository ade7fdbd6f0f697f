import type { StatusDay } from '#shared/status/status.schema';
import { formatCount } from '#web/lib/numbers';
import { formatDay } from './day-bars';
import { formatMs, formatShare } from './status-text';

const columns = ['Day (UTC)', 'Scheduled runs', 'On time', 'p50 lateness', 'p99 lateness', 'Deliveries', 'Delivered'];

/** Every day's figures, newest first: the text alternative of the bars, and the detail behind them. */
export function DailyFiguresTable({ days }: { days: StatusDay[] }) {
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer rounded-2xl px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50">
        Daily figures (table)
      </summary>
      <div className="overflow-x-auto border-t border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Scheduled runs, punctuality and deliveries per day, newest first</caption>
          <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-2 whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                  {formatDay(day.day)}
                </th>
                <td className="px-4 py-2 text-slate-700">{formatCount(day.scheduledRuns)}</td>
                <td className="px-4 py-2 text-slate-700">{formatShare(day.onTimeShare)}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">{formatMs(day.p50LatenessMs)}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">{formatMs(day.p99LatenessMs)}</td>
                <td className="px-4 py-2 text-slate-700">{formatCount(day.deliveriesAttempted)}</td>
                <td className="px-4 py-2 text-slate-700">{formatShare(day.deliverySuccessShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
