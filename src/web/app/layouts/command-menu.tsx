import { useEffect } from 'react';
import { CommandMenu, type CommandMenuProps, type TaskRunnerProps } from '#web/features/command-menu/components/command-menu';
import { listTasks } from '#web/features/tasks/api/list-tasks';
import { useRunTask } from '#web/features/tasks/api/run-task';

/** At most this many tasks: each brings two commands, and a longer list is the Tasks page's job. */
const shownTasks = 5;

/** The Tasks page's search, on the server: the menu never loads the whole list. */
async function searchTasks(search: string, options: { signal?: AbortSignal }) {
  const page = await listTasks({ search, status: 'all', cursor: null }, options);
  return page.items.slice(0, shownTasks);
}

/** The task page's "Run now", with its toasts and its guard against a second run; a hook needs a component per task. */
function TaskRunner({ taskId, runners }: TaskRunnerProps) {
  const { run } = useRunTask(taskId);
  useEffect(() => {
    runners.set(taskId, run);
    return () => void runners.delete(taskId);
  }, [taskId, run, runners]);
  return null;
}

/** The command menu with the tasks feature's search and runs: features do not import one another (ADR 0108). */
export function TaskCommandMenu(props: Omit<CommandMenuProps, 'searchTasks' | 'TaskRunner'>) {
  return <CommandMenu {...props} searchTasks={searchTasks} TaskRunner={TaskRunner} />;
}
