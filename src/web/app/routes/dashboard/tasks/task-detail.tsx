import { useParams } from 'react-router';
import { TaskDetail } from '#web/features/tasks/components/task-detail';

/** /dashboard/tasks/:taskId. */
export function TaskDetailRoute() {
  const { taskId = '' } = useParams();
  // A new id is a new page: remounting drops the previous task's dialog and reveal state.
  return <TaskDetail key={taskId} taskId={taskId} />;
}
