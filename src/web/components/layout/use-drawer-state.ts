import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a slide-in drawer that belongs to the page it was opened on: any navigation (a link,
 * back/forward, a redirect) closes it without an effect, and it closes when the window grows to `closeWhenMatches`,
 * where its trigger is hidden and an open drawer would keep the page locked.
 */
export function useDrawerState(closeWhenMatches: string) {
  const location = useLocation();
  const [openedAtKey, setOpenedAtKey] = useState<string | null>(null);
  const open = openedAtKey === location.key;
  // Forget the stale key, or going back and forward again would bring the drawer back.
  if (openedAtKey !== null && !open) setOpenedAtKey(null);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(closeWhenMatches);
    const closeOnMatch = () => {
      if (media.matches) setOpenedAtKey(null);
    };
    media.addEventListener('change', closeOnMatch);
    return () => media.removeEventListener('change', closeOnMatch);
  }, [open, closeWhenMatches]);

  const setOpen = (next: boolean) => setOpenedAtKey(next ? location.key : null);
  return { open, setOpen };
}
