import { useRef, useState } from 'react';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { QueryLoadError } from '#web/components/ui/load-error';
import { useChangeAdminTaskStatus } from '../api/change-admin-task-status';
import { useDeleteAdminTask } from '../api/delete-admin-task';
import { useAdminTaskList, type AdminTaskFilterParams } from '../api/list-admin-tasks';
import { useRunAdminTask } from '../api/run-admin-task';
import { AdminTaskTable } from './admin-task-table';
import { AdminTaskToolbar } from './admin-task-toolbar';

type AdminTaskListProps = {
  filter: AdminTaskFilterParams;
  onFilterChange: (changes: Partial<AdminTaskFilterParams>) => void;
};

/**
 * /admin/tasks: every user's tasks a page at a time, with the server's total. Previous walks back through the cursors
 * already seen (keyset pages have no page numbers); a new filter starts again at the first page.
 */
export function AdminTaskList({ filter, onFilterChange }: AdminTaskListProps) {
  const filterKey = JSON.stringify(filter);
  const [pages, setPages] = useState<{ filterKey: string; cursors: (string | null)[] }>({ filterKey, cursors: [null] });
  if (pages.filterKey !== filterKey) setPages({ filterKey, cursors: [null] });
  const cursors = pages.filterKey === filterKey ? pages.cursors : [null];
  const cursor = cursors.at(-1) ?? null;

  const list = useAdminTaskList({ ...filter, cursor });
  const run = useRunAdminTask();
  const status = useChangeAdminTaskStatus();
  const remove = useDeleteAdminTask();
  const [toDelete, setToDelete] = useState<AdminTask | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);
  const introRef = useRef<HTMLParagraphElement>(null);

  const busyTaskIds = new Set(
    [run.isPending && run.variables, status.isPending && status.variables?.taskId].filter((id): id is string => typeof id === 'string'),
  );
  const page = list.data;

  return (
    <div className="flex flex-col gap-6">
      {/* The title, "All Tasks", is the layout's heading; the spec's subtitle sits under it. */}
      <p ref={introRef} tabIndex={-1} className="text-slate-600 outline-none">
        Monitor and manage all user tasks across the platform
      </p>

      <AdminTaskToolbar filter={filter} onChange={onFilterChange} />

      {list.isError && !page ? (
        <QueryLoadError title="Could not load tasks" query={list} fallback="Please try again." />
      ) : (
        <AdminTaskTable
          tasks={page?.items ?? null}
          stale={list.isPlaceholderData}
          busyTaskIds={busyTaskIds}
          onRun={(task) => run.mutate(task.id)}
          onChangeStatus={(task, change) => status.mutate({ taskId: task.id, change })}
          onDelete={(task, trigger) => {
            deleteTrigger.current = trigger;
            setToDelete(task);
          }}
        />
      )}

      <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 text-sm text-slate-600 sm:flex-row">
        <p aria-live="polite">{page ? `Showing ${page.items.length} of ${page.total} tasks` : null}</p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={cursors.length < 2}
            onClick={() => setPages({ filterKey, cursors: cursors.slice(0, -1) })}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!page?.nextCursor || list.isPlaceholderData}
            onClick={() => page?.nextCursor && setPages({ filterKey, cursors: [...cursors, page.nextCursor] })}
          >
            Next
          </Button>
        </div>
      </nav>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete Task"
        description={toDelete ? `Delete "${toDelete.name}" of ${toDelete.owner.name} and all its run history? This cannot be undone.` : ''}
        confirmLabel="Delete Task"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
        // The deleted row (and its menu button) is gone; the page's introduction is a stable place to land.
        returnFocusTo={() => (remove.isSuccess ? introRef.current : deleteTrigger.current) ?? introRef.current}
      />
    </div>
  );
}
