import { ChevronRight, History, ListChecks, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import type { Task } from '#shared/tasks/task.schema';
import type { Run } from '#shared/runs/run.schema';
import { RunStatusBadge } from '#web/components/runs/run-status-badge';
import { buttonClassName } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { NameLink } from '#web/components/ui/name-link';
import { paths, taskPaths } from '#web/config/paths';
import { formatLocalDateTime } from '#web/lib/date-time';
import { runDurationText } from '#web/lib/run-text';

function ListCard({ id, title, link, children }: { id: string; title: string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={link.to} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          {link.label}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </Card>
  );
}

function Empty({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-10 text-center">
      <span className="text-slate-400">{icon}</span>
      <p className="text-sm text-slate-600">{text}</p>
      {children}
    </div>
  );
}

export function ActiveTasksCard({ tasks }: { tasks: Task[] }) {
  // The schedule is in the task's zone and the next run in the account's (ADR 0067): each names its zone, or
  // "Daily at 09:30 · Next run …, 3:30 PM GMT+1" would read as one zone.
  const now = new Date();
  return (
    <ListCard id="active-tasks-title" title="Active Tasks" link={{ to: paths.dashboardTasks, label: 'View all' }}>
      {tasks.length === 0 ? (
        <Empty icon={<ListChecks aria-hidden="true" className="size-6" />} text="No active tasks.">
          <Link to={paths.dashboardNewTask} className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'mt-1' })}>
            <Plus aria-hidden="true" className="size-4" />
            Create a task
          </Link>
        </Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-col gap-0.5 px-5 py-3 sm:px-6">
              <NameLink to={taskPaths.detail(task.id)} className="truncate">
                {task.name}
              </NameLink>
              <span className="text-xs text-slate-500">
                {describeSchedule(task, { zoneAt: now })}
                {task.nextFireAt ? <> · Next run {formatLocalDateTime(task.nextFireAt)}</> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function RecentRunsCard({ runs }: { runs: Run[] }) {
  return (
    <ListCard id="recent-runs-title" title="Recent Runs" link={{ to: paths.dashboardHistory, label: 'View history' }}>
      {runs.length === 0 ? (
        <Empty icon={<History aria-hidden="true" className="size-6" />} text="No runs yet. Runs appear here as your tasks fire." />
      ) : (
        <ul className="divide-y divide-slate-100">
          {runs.map((run) => {
            const started = run.startedAt ?? run.scheduledFor;
            return (
              <li key={run.id} data-run-id={run.id} className="flex items-center gap-3 px-5 py-3 sm:px-6">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <NameLink to={taskPaths.detail(run.taskId)} className="truncate">
                    {run.taskName}
                  </NameLink>
                  <span className="text-xs text-slate-500">
                    {started ? <time dateTime={started}>{formatLocalDateTime(started)}</time> : '—'} ·{' '}
                    <span data-duration>{runDurationText(run)}</span>
                  </span>
                </div>
                <RunStatusBadge run={run} />
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

export function ListCardSkeleton({ title }: { title: string }) {
  return (
    <Card className="flex flex-col">
      <h2 className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">{title}</h2>
      <div aria-hidden="true" className="flex flex-col gap-4 px-5 py-4 sm:px-6">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex flex-col gap-1.5">
            <Skeleton className="h-4 w-48 max-w-full" />
            <Skeleton className="h-3 w-32" />
          </div>
        ))}
      </div>
    </Card>
  );
}
