import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useCommandMenuShortcut } from '#web/features/command-menu/hooks/use-command-menu-shortcut';

const loadCommandMenu = () => import('./command-menu');
const CommandMenu = lazy(async () => ({ default: (await loadCommandMenu()).TaskCommandMenu }));

/**
 * The header's "Search… Ctrl K" button and the shortcut. The menu itself is a chunk of its own, fetched when the
 * browser is idle or when the menu is first asked for, so no page pays for it before it can be used.
 */
export function CommandMenuLauncher() {
  const [open, setOpen] = useState(false);
  // Once loaded, it stays mounted (closed), so reopening shows at once and a run it started keeps its toasts.
  const [wanted, setWanted] = useState(false);
  // The menu opens from state, not from a Radix trigger, and after its chunk loads: Radix cannot tell what had focus.
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWanted(true);
    setOpen(true);
  }, []);
  useCommandMenuShortcut(show);

  useEffect(() => {
    // Not every browser has it (Safari); there the chunk comes with the first opening instead.
    if (!('requestIdleCallback' in window)) return;
    const handle = window.requestIdleCallback(() => void loadCommandMenu());
    return () => window.cancelIdleCallback(handle);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 text-sm text-slate-500 transition-colors hover:bg-slate-50 hover:text-slate-900 sm:px-2.5"
      >
        <Search aria-hidden="true" className="size-4" />
        <span>Search…</span>
        {/* Hidden on phones, where there is no keyboard to press it and the bar has the title to fit. */}
        <kbd className="hidden rounded border border-slate-200 bg-slate-50 px-1 font-sans text-xs text-slate-500 sm:inline">Ctrl K</kbd>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <CommandMenu open={open} onOpenChange={setOpen} returnFocusTo={() => opener.current} />
        </Suspense>
      ) : null}
    </>
  );
}
