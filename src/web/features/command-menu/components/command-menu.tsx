import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminSidebarItems, dashboardSidebarItems } from '#web/components/layout/dashboard-nav-items';
import { chooseTheme, type ThemeChoice } from '#web/components/layout/theme-choice';
import { useThemeChoice } from '#web/components/layout/theme-switch';
import { paths, taskPaths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth';

type Command = { key: string; group: string; label: string; perform: () => void };

/** What the menu needs of a task. */
export type FoundTask = { id: string; name: string };
export type SearchTasks = (search: string, options: { signal?: AbortSignal }) => Promise<FoundTask[]>;
/** Puts its task's "Run now" in `runners` while mounted. */
export type TaskRunnerProps = { taskId: string; runners: Map<string, () => void> };
/** Long enough that typing a name asks the server once, not once per letter. */
const searchDelayMs = 150;

const themeCommands: { choice: ThemeChoice; label: string }[] = [
  { choice: 'dark', label: 'Switch to dark theme' },
  { choice: 'light', label: 'Switch to light theme' },
  { choice: 'system', label: 'Use the system theme' },
];

const shortcuts: { keys: string; action: string }[] = [
  { keys: 'Ctrl K / ⌘ K', action: 'Open this menu' },
  { keys: '↑ ↓', action: 'Move' },
  { keys: 'Enter', action: 'Choose' },
  { keys: 'Esc', action: 'Close' },
];

/** Every word typed appears in the command's group or label, in any order and case. */
function matches(command: Command, words: string[]): boolean {
  const text = `${command.group} ${command.label}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The tasks whose names match, found by the server's search rather than in a full list. */
function useTaskSearch(search: string, searchTasks: SearchTasks) {
  const trimmed = useDebounced(search.trim(), searchDelayMs);
  return useQuery({
    // Under ['tasks'], so the task mutations' invalidations refresh it too.
    queryKey: ['tasks', 'command-menu', trimmed],
    queryFn: ({ signal }) => searchTasks(trimmed, { signal }),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}

export type CommandMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the menu closes: what had it when the menu was asked for. */
  returnFocusTo: () => HTMLElement | null;
  /** The tasks feature's search and Run now, composed in by the app: features do not import one another. */
  searchTasks: SearchTasks;
  TaskRunner: ComponentType<TaskRunnerProps>;
};

/**
 * The command menu (Ctrl-K): a search box over the signed-in pages, the user's tasks, creating a task and the theme,
 * as a combobox with its listbox (WAI-ARIA's pattern), so focus stays in the box while ↑ and ↓ move the choice.
 */
export function CommandMenu({ open, onOpenChange, returnFocusTo, searchTasks, TaskRunner }: CommandMenuProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const theme = useThemeChoice();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [runners] = useState(() => new Map<string, () => void>());
  const tasks = useTaskSearch(open ? query : '', searchTasks);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  // Each opening starts from an empty search, however the last one ended.
  const setOpen = (next: boolean) => {
    if (!next) {
      setQuery('');
      setActive(0);
    }
    onOpenChange(next);
  };
  const close = () => setOpen(false);
  const go = (to: string) => () => {
    close();
    void navigate(to);
  };

  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const pages: Command[] = [
    ...dashboardSidebarItems.map(({ label, to }) => ({ key: `page:${to}`, group: 'Pages', label, perform: go(to) })),
    // As in the sidebar: the admin area is only for administrators.
    ...(user?.role === 'admin'
      ? adminSidebarItems.map(({ label, to }) => ({ key: `page:${to}`, group: 'Admin', label: `Admin ${label}`, perform: go(to) }))
      : []),
  ];
  const actions: Command[] = [
    { key: 'action:create', group: 'Actions', label: 'Create task', perform: go(paths.dashboardNewTask) },
    ...themeCommands
      .filter(({ choice }) => choice !== theme)
      .map(({ choice, label }) => ({
        key: `theme:${choice}`,
        group: 'Actions',
        label,
        perform: () => {
          chooseTheme(choice);
          close();
        },
      })),
  ];
  const foundTasks: FoundTask[] = words.length > 0 ? (tasks.data ?? []) : [];
  // The server already matched these by name; filtering them again here would drop matches on words it stems.
  const taskCommands: Command[] = foundTasks.flatMap((task) => [
    { key: `task:${task.id}`, group: 'Tasks', label: task.name, perform: go(taskPaths.detail(task.id)) },
    {
      key: `run:${task.id}`,
      group: 'Tasks',
      label: `Run now: ${task.name}`,
      perform: () => {
        runners.get(task.id)?.();
        close();
      },
    },
  ]);
  const groups = [
    { name: 'Pages', commands: pages.filter((command) => matches(command, words)) },
    { name: 'Tasks', commands: taskCommands },
    { name: 'Actions', commands: actions.filter((command) => matches(command, words)) },
  ].filter((group) => group.commands.length > 0);
  const commands = groups.flatMap((group) => group.commands);
  // Each group's first command's place in the whole list, which the arrow keys walk through.
  const groupStarts = groups.map((_, at) => groups.slice(0, at).reduce((sum, group) => sum + group.commands.length, 0));
  const activeIndex = Math.min(active, Math.max(commands.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (commands.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + commands.length) % commands.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      commands[activeIndex]?.perform();
    }
  };

  return (
    <>
      {foundTasks.map((task) => (
        <TaskRunner key={task.id} taskId={task.id} runners={runners} />
      ))}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              const target = returnFocusTo();
              if (!target?.isConnected) return;
              event.preventDefault();
              target.focus();
            }}
            className="fixed top-[10dvh] left-1/2 z-50 flex max-h-[80dvh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
          >
            <Dialog.Title className="sr-only">Command menu</Dialog.Title>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <Search aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <input
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={commands.length > 0 ? optionId(activeIndex) : undefined}
                aria-label="Search pages, tasks and actions"
                placeholder="Go to a page or task, or run a command…"
                autoComplete="off"
                spellCheck={false}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400"
              />
            </div>
            <ul ref={listRef} id={listId} role="listbox" aria-label="Commands" className="min-h-0 flex-1 overflow-y-auto p-2">
              {groups.map((group, groupIndex) => (
                <li key={group.name} role="presentation">
                  <ul role="group" aria-label={group.name}>
                    <li role="presentation" aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-semibold text-slate-500">
                      {group.name}
                    </li>
                    {group.commands.map((command, commandIndex) => {
                      const position = (groupStarts[groupIndex] ?? 0) + commandIndex;
                      const selected = position === activeIndex;
                      return (
                        <li
                          key={command.key}
                          id={optionId(position)}
                          role="option"
                          aria-selected={selected}
                          onMouseMove={() => setActive(position)}
                          onClick={command.perform}
                          className={clsx(
                            'cursor-pointer truncate rounded-lg px-2 py-2 text-sm text-slate-700',
                            selected && 'bg-indigo-50 text-indigo-700',
                          )}
                        >
                          {command.label}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
            {commands.length === 0 ? (
              <p role="status" className="px-4 pb-4 text-sm text-slate-500">
                {tasks.isFetching ? 'Searching…' : 'Nothing matches.'}
              </p>
            ) : null}
            <section aria-labelledby={`${listId}-shortcuts`} className="border-t border-slate-200 bg-slate-50 px-4 py-2">
              <h2 id={`${listId}-shortcuts`} className="sr-only">
                Keyboard shortcuts
              </h2>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
                {shortcuts.map(({ keys, action }) => (
                  <div key={keys} className="flex gap-1.5">
                    <dt>
                      <kbd className="font-sans font-medium text-slate-700">{keys}</kbd>
                    </dt>
                    <dd>{action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
