import { useEffect } from 'react';

/** Ctrl-K, or ⌘-K on a Mac, anywhere in the page: the shortcut developers' tools have taught for a command menu. */
export function isCommandMenuShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Calls `onOpen` on Ctrl-K / ⌘-K, taking the key from the browser (its own Ctrl-K focuses the address bar's search). */
export function useCommandMenuShortcut(onOpen: () => void): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!isCommandMenuShortcut(event)) return;
      event.preventDefault();
      onOpen();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onOpen]);
}
