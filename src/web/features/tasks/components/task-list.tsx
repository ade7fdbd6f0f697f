import { ListChecks, Plus, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '#web/lib/toast';
import { PageIntro } from '#web/components/layout/page-intro';
import type { Task, TaskListFilter } from '#shared/tasks/task.schema';
import { Button, buttonClassName } from '#web/components/ui/button';
import { QueryLoadError } from '#web/components/ui/load-error';
import { EmptyState } from '#web/components/ui/empty-state';
import { PagedListFooter } from '#web/components/ui/load-more-button';
import { paths } from '#web/config/paths';
import { errorMessage } from '#web/lib/form-errors';
import { useTaskList } from '../api/list-tasks';
import { DeleteTaskDialog } from './delete-task-dialog';
import { TaskListToolbar } from './task-list-toolbar';
import { TaskTable, TaskTableSkeleton } from './task-table';

type TaskListProps = {
  search: string;
  status: TaskListFilter;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: TaskListFilter) => void;
  onClearFilters: () => void;
};

const loadFailed = 'Failed to load tasks. Please try again.';

/**
 * The user's tasks: search and status filter (both answered by the server), a page at a time with "Load more", and
 * each task's actions. One delete dialog serves every row.
 */
export function TaskList({ search, status, onSearchChange, onStatusChange, onClearFilters }: TaskListProps) {
  const query = search.trim();
  const tasks = useTaskList({ search: query, status });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deletion, setDeletion] = useState<{ task: Task; trigger: HTMLElement; open: boolean } | null>(null);

  // Spec section 8: a failed load is announced with a toast, whether it is the first page, a later one or a refetch.
  useEffect(() => {
    if (tasks.error) toast.error('Error loading tasks', { description: errorMessage(tasks.error, loadFailed) });
  }, [tasks.error]);

  const items = tasks.data?.pages.flatMap((page) => page.items) ?? [];
  const total = tasks.data?.pages.at(-1)?.total ?? 0;
  const filtered = query !== '' || status !== 'all';

  let results: ReactNode;
  if (tasks.isPending) {
    results = <TaskTableSkeleton />;
  } else if (!tasks.data) {
    results = <QueryLoadError title="Error loading tasks" query={tasks} fallback={loadFailed} />;
  } else if (items.length === 0) {
    results = filtered ? <NoMatches onClearFilters={onClearFilters} /> : <NoTasksYet />;
  } else {
    results = (
      <div className="flex flex-col gap-4">
        <TaskTable tasks={items} stale={tasks.isPlaceholderData} onDelete={(task, trigger) => setDeletion({ task, trigger, open: true })} />
        <PagedListFooter pages={tasks}>
          Showing {items.length} of {total} {total === 1 ? 'task' : 'tasks'}
        </PagedListFooter>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title="Your tasks"
        description="Prompts that run on a schedule and deliver their results by e-mail, webhook, Slack or Discord."
        headingRef={headingRef}
        action={
          <Link to={paths.dashboardNewTask} className={buttonClassName({ className: 'self-start sm:self-auto' })}>
            <Plus aria-hidden="true" className="size-4" />
            New Task
          </Link>
        }
      />

      <TaskListToolbar search={search} status={status} onSearchChange={onSearchChange} onStatusChange={onStatusChange} />

      {results}

      <DeleteTaskDialog
        task={deletion?.task ?? null}
        open={deletion?.open ?? false}
        onOpenChange={(open) => setDeletion((current) => (current ? { ...current, open } : current))}
        // After a delete the row and its button are gone; the list's heading is the nearest sensible place.
        returnFocusTo={() => (deletion?.trigger.isConnected ? deletion.trigger : headingRef.current)}
      />
    </div>
  );
}

function NoTasksYet() {
  return (
    <EmptyState icon={<ListChecks aria-hidden="true" className="size-6" />} title="No tasks yet" heading>
      <p className="max-w-sm text-sm text-slate-600">
        Create a task to run a prompt on a schedule and get the result by e-mail, webhook, Slack or Discord.
      </p>
      <Link to={paths.dashboardNewTask} className={buttonClassName({ className: 'mt-2' })}>
        <Plus aria-hidden="true" className="size-4" />
        Create your first task
      </Link>
    </EmptyState>
  );
}

function NoMatches({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <EmptyState icon={<SearchX aria-hidden="true" className="size-6" />} title="No tasks match your search" heading>
      <p className="max-w-sm text-sm text-slate-600">Try other words, or show all of your tasks.</p>
      <Button variant="secondary" onClick={onClearFilters} className="mt-2">
        Clear filters
      </Button>
    </EmptyState>
  );
}
