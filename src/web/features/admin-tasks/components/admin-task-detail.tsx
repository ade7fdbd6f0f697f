import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { runTriggerLabel } from '#web/components/runs/run-trigger';
import { QueryLoadError } from '#web/components/ui/load-error';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { providerName, modelName } from '#web/lib/catalog-names';
import { formatLocalDateTime } from '#web/lib/date-time';
import { deliveryMethodLabel } from '#web/lib/delivery-text';
import { useAdminTask } from '../api/get-admin-task';
import { AdminTaskStatus } from './admin-task-status';

const resultLabels = { text: 'Free text', list: 'Data: a list of items', record: 'Data: one record' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** View Details: one task of any user, read-only (changes go through the row menu), and its 20 latest runs. */
export function AdminTaskDetail({ taskId }: { taskId: string }) {
  const detail = useAdminTask(taskId);
  const back = (
    <Link to={paths.adminTasks} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All Tasks
    </Link>
  );
  if (detail.isPending) return <p role="status">Loading task...</p>;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <div className="flex flex-col gap-4">
          {back}
          <p>Task not found</p>
        </div>
      );
    }
    return <QueryLoadError title="Could not load the task" query={detail} fallback="Please try again." />;
  }
  const { task, runs } = detail.data;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <section aria-labelledby="admin-task-name" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="admin-task-name" className="text-xl font-semibold break-words text-slate-900">
            {task.name}
          </h2>
          <AdminTaskStatus status={task.status} />
        </div>
        {task.description ? <p className="mt-2 text-slate-600">{task.description}</p> : null}
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field label="User">
            {task.owner.name} <span className="text-slate-500">({task.owner.email})</span>
          </Field>
          <Field label="Schedule">{task.schedule}</Field>
          <Field label="Provider">
            {providerName(task.provider)} · {modelName(task.provider, task.model)}
          </Field>
          <Field label="Fallback model">
            {task.fallback ? `${providerName(task.fallback.provider)} · ${modelName(task.fallback.provider, task.fallback.model)}` : 'None'}
          </Field>
          <Field label="Result">{resultLabels[task.result]}</Field>
          <Field label="Delivery">{deliveryMethodLabel(task.deliveryMethod)}</Field>
          <Field label="Next run">{task.nextFireAt ? formatLocalDateTime(task.nextFireAt) : 'Not scheduled'}</Field>
          <Field label="Created">{formatLocalDateTime(task.createdAt)}</Field>
        </dl>
      </section>

      <section aria-labelledby="admin-task-runs" className="flex flex-col gap-3">
        <h3 id="admin-task-runs" className="text-lg font-semibold text-slate-900">
          Recent runs
        </h3>
        {runs.length === 0 ? (
          <p className="text-slate-500">No runs yet</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <time dateTime={run.startedAt} className="text-slate-900">
                  {formatLocalDateTime(run.startedAt)}
                </time>
                <span className="text-sm text-slate-600">
                  {run.status} · {runTriggerLabel(run.trigger)}
                  {run.error ? ` · ${run.error}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
