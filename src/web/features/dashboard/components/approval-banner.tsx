import { ShieldQuestionMark } from 'lucide-react';
import { Link } from 'react-router';
import { paths, taskPaths } from '#web/config/paths';
import type { Dashboard } from '../api/get-dashboard';

/** "2 tasks wait for your approval" */
export function awaitingApprovalText(count: number): string {
  return count === 1 ? '1 task waits for your approval' : `${count} tasks wait for your approval`;
}

/**
 * Tasks an agent made through an API key wait, paused, for the owner's Approve (ADR 0125). The overview names them,
 * each a link to its page, where it says which agent made it and has the Approve button; nothing when none wait.
 */
export function ApprovalBanner({ awaiting }: { awaiting: Dashboard['awaitingApproval'] }) {
  if (awaiting.count === 0) return null;
  const more = awaiting.count - awaiting.tasks.length;
  return (
    <section
      aria-labelledby="awaiting-approval-heading"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <ShieldQuestionMark aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="awaiting-approval-heading" className="font-semibold">
          {awaitingApprovalText(awaiting.count)}
        </h2>
        <p>They will not run until you approve them on their page.</p>
        <ul className="flex flex-col gap-1">
          {awaiting.tasks.map((task) => (
            <li key={task.id} className="break-words">
              <Link to={taskPaths.detail(task.id)} className="font-medium underline underline-offset-2">
                {task.name}
              </Link>
              {task.createdByKey ? <span> · created by agent &apos;{task.createdByKey}&apos;</span> : null}
            </li>
          ))}
        </ul>
        {/* The list shows them among the paused tasks, each marked "Waiting for your approval". */}
        {more > 0 ? (
          <p>
            <Link to={`${paths.dashboardTasks}?status=paused`} className="underline underline-offset-2">
              And {more} more among your paused tasks
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
