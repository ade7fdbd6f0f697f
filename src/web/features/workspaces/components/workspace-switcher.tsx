import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, Check, ChevronsUpDown, Plus, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { paths } from '#web/config/paths';
import { useActingWorkspace, useSwitchWorkspace } from '../hooks/use-acting-workspace';
import { roleLabel } from '../lib/role-text';

/** Settings → Workspaces, where a team is created. */
export const createTeamPath = `${paths.dashboardSettings}?tab=workspaces`;

const itemClassName =
  'flex min-h-9 cursor-default items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** "Personal" for the caller's own workspace whatever it is called, else the team's name. */
export function workspaceLabel(workspace: Workspace): string {
  return workspace.personal ? 'Personal' : workspace.name;
}

/**
 * The header's workspace switcher (ADR 0131): the workspace the app acts in, and a menu of the caller's workspaces
 * with their role there. Choosing one shows its dashboard with its own data; the choice is remembered in this browser.
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces } = useActingWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const listLabelId = useId();

  // Until the list answers there is nothing to choose from, and its place is kept blank rather than pulsing: the
  // server-rendered overview (ADR 0057) shows it that way until the app starts, which may be a while. If the list
  // cannot be read, the app still works in whichever workspace it acts in, so the header goes without the switcher.
  if (!workspace || !workspaces.data) return workspaces.isPending ? <span aria-hidden="true" className="h-9 w-24" /> : null;
  const label = workspaceLabel(workspace);
  const Icon = workspace.personal ? UserRound : Building2;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Workspace: ${label}`}
        className="group inline-flex h-9 max-w-[9rem] min-w-0 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 hover:text-slate-900 data-[state=open]:bg-slate-100 sm:max-w-[16rem] sm:px-2.5"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{label}</span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label id={listLabelId} className="px-2.5 pt-1 pb-1 text-xs font-medium text-slate-600">
            Workspaces
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={listLabelId}
            value={workspace.id}
            onValueChange={(id) => {
              const chosen = workspaces.data.find((candidate) => candidate.id === id);
              if (chosen) void switchWorkspace(chosen);
            }}
          >
            {workspaces.data.map((candidate) => (
              <DropdownMenu.RadioItem key={candidate.id} value={candidate.id} className={itemClassName}>
                <span className="flex size-4 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-indigo-600" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0 flex-1 truncate">{workspaceLabel(candidate)}</span>
                <span className="shrink-0 text-xs font-normal text-slate-500">{roleLabel(candidate.role)}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to={createTeamPath}>
              <Plus aria-hidden="true" className="size-4 text-slate-500" />
              Create team…
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
