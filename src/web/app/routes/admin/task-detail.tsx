import { useParams } from 'react-router';
import { AdminTaskDetail } from '#web/features/admin-tasks/components/admin-task-detail';

/** /admin/tasks/:taskId: any user's task, read-only, with its recent runs. */
export function AdminTaskDetailRoute() {
  const { taskId = '' } = useParams();
  return <AdminTaskDetail taskId={taskId} />;
}
