import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Eye, MoreHorizontal, Pause, Play, Trash2, Zap } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { adminTaskPaths } from '#web/config/paths';

const itemClassName =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

type AdminTaskRowMenuProps = {
  task: AdminTask;
  busy: boolean;
  onRun: (task: AdminTask) => void;
  onChangeStatus: (task: AdminTask, change: 'pause' | 'resume') => void;
  /** Opens the list's one confirmation dialog; the trigger gets focus back if the row stays. */
  onDelete: (task: AdminTask, trigger: HTMLElement | null) => void;
};

/** The row menu of spec section 2 (View Details, Run Manually, Pause or Resume, Delete Task); Radix gives it arrow keys and Escape. */
export function AdminTaskRowMenu({ task, busy, onRun, onChangeStatus, onDelete }: AdminTaskRowMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const change = task.status === 'active' ? 'pause' : 'resume';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={`Actions for ${task.name}`}
        aria-busy={busy || undefined}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg outline-none"
        >
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to={adminTaskPaths.detail(task.id)}>
              <Eye aria-hidden="true" className="size-4 text-slate-500" />
              View Details
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClassName} disabled={busy} onSelect={() => onRun(task)}>
            <Zap aria-hidden="true" className="size-4 text-slate-500" />
            Run Manually
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClassName} disabled={busy} onSelect={() => onChangeStatus(task, change)}>
            {change === 'pause' ? (
              <Pause aria-hidden="true" className="size-4 text-slate-500" />
            ) : (
              <Play aria-hidden="true" className="size-4 text-slate-500" />
            )}
            {change === 'pause' ? 'Pause Task' : 'Resume Task'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={`${itemClassName} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
            onSelect={() => onDelete(task, trigger.current)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Task
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
