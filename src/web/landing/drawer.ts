import { staticDrawerIds } from './static-drawer-ids';

const desktopQuery = '(min-width: 48rem)';
const focusableSelector = 'a[href], button:not([disabled])';

/**
 * The phone menu of the pre-rendered landing page without React (ADR 0013), behaving like ui/sheet.tsx: a modal
 * dialog that takes focus, keeps Tab inside, closes on Escape, on the dimmed page, on its close button and on a
 * link, hands focus back to the menu button, and closes when the window grows to where the header shows the items.
 */
export function enhanceDrawer(trigger: HTMLButtonElement, isActive: () => boolean): void {
  const drawer = document.getElementById(staticDrawerIds.drawer);
  const overlay = document.getElementById(staticDrawerIds.overlay);
  if (!drawer || !overlay) return;
  const desktop = window.matchMedia(desktopQuery);

  const setOpen = (open: boolean) => {
    if (open === !drawer.hidden) return;
    drawer.hidden = !open;
    overlay.hidden = !open;
    trigger.setAttribute('aria-expanded', String(open));
    // The page behind a modal dialog does not scroll.
    if (open) document.documentElement.style.overflow = 'hidden';
    else document.documentElement.style.removeProperty('overflow');
    (open ? drawer.querySelector<HTMLElement>('button') : trigger)?.focus();
  };

  trigger.addEventListener('click', () => setOpen(true));
  overlay.addEventListener('click', () => setOpen(false));
  // A link closes the menu before the browser follows it, so a section link scrolls a page that is no longer locked.
  drawer.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a, button')) setOpen(false);
  });
  desktop.addEventListener('change', () => {
    if (desktop.matches) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (drawer.hidden || !isActive()) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Tab') {
      const focusable = [...drawer.querySelectorAll<HTMLElement>(focusableSelector)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const outside = !drawer.contains(document.activeElement);
      if (event.shiftKey && (outside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    }
  });
}
