import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';

/** A 404 for a task: deleted, or another user's. It is a page of its own rather than an error to report. */
export function isTaskNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** What the task's page and its edit page show for a task that is not there. */
export function TaskNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileQuestion aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">Task not found</h2>
      <p className="max-w-sm text-sm text-slate-600">It may have been deleted, or the link is wrong.</p>
      <Link to={paths.dashboardTasks} className={buttonClassName({ variant: 'secondary', className: 'mt-2' })}>
        Back to Tasks
      </Link>
    </div>
  );
}
