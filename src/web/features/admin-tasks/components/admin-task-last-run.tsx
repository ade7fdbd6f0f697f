import type { AdminTask } from '#shared/admin/admin-task.schema';
import { formatLocalDateTime } from '#web/lib/date-time';

/** The real last run, in the reader's zone, with its outcome; "Never" for a task that never ran. */
export function AdminTaskLastRun({ lastRun }: { lastRun: AdminTask['lastRun'] }) {
  if (!lastRun) return <span className="text-slate-500">Never</span>;
  return (
    <span className="flex flex-col max-lg:items-end">
      <time dateTime={lastRun.startedAt} className="text-slate-700">
        {formatLocalDateTime(lastRun.startedAt)}
      </time>
      <span className="text-xs text-slate-500">{lastRun.status}</span>
    </span>
  );
}
