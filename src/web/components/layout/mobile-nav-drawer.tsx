import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../ui/button';
import { getStartedNavItem, sectionNavItems, signInNavItem } from './nav-items';
import { SectionLink } from './section-link';

// Radix Dialog and its focus/scroll helpers are a third of the layout's code and only phones use the drawer,
// so they load when the drawer is about to be needed rather than with every page.
const loadSheet = () => import('../ui/sheet');
const Sheet = lazy(async () => ({ default: (await loadSheet()).Sheet }));

// Tailwind's md breakpoint; from there on the header shows the items itself.
const desktopQuery = '(min-width: 48rem)';

function matchesDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(desktopQuery).matches;
}

export function MobileNavDrawer() {
  const location = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The drawer belongs to the location it was opened on, so any navigation (a link, back/forward) closes it without an effect.
  const [openedAtKey, setOpenedAtKey] = useState<string | null>(null);
  const [sheetRequested, setSheetRequested] = useState(false);
  const open = openedAtKey === location.key;
  // Forget the stale key, or going back and forward again would bring the drawer back.
  if (openedAtKey !== null && !open) setOpenedAtKey(null);

  useEffect(() => {
    if (matchesDesktop()) return;
    // On a phone, fetch the drawer's code once the page is idle so the first tap opens it at once.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadSheet());
    return () => cancel(handle);
  }, []);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    // Widening the window hides the trigger; a drawer left open there would keep the page locked.
    const media = window.matchMedia(desktopQuery);
    const closeOnDesktop = () => {
      if (media.matches) setOpenedAtKey(null);
    };
    media.addEventListener('change', closeOnDesktop);
    return () => media.removeEventListener('change', closeOnDesktop);
  }, [open]);

  // Close at the click rather than at the commit: a page still loading its code would otherwise keep the drawer up.
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpenedAtKey(null);
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setSheetRequested(true);
          setOpenedAtKey(location.key);
        }}
        onPointerEnter={() => void loadSheet()}
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {sheetRequested ? (
        <Suspense fallback={null}>
          <Sheet
            open={open}
            onOpenChange={(next) => setOpenedAtKey(next ? location.key : null)}
            title="Menu"
            closeLabel="Close menu"
            returnFocusRef={triggerRef}
          >
            <div className="flex flex-col gap-6 p-4" onClick={closeOnLinkClick}>
              <nav aria-label="Mobile">
                <ul className="flex flex-col gap-1">
                  {sectionNavItems.map((item) => (
                    <li key={item.to}>
                      <SectionLink
                        to={item.to}
                        className="flex h-11 items-center rounded-lg px-3 text-base font-medium text-slate-800 transition-colors hover:bg-slate-100 hover:text-indigo-700"
                      >
                        {item.label}
                      </SectionLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="flex flex-col gap-3 border-t border-slate-200 pt-6">
                <Link to={signInNavItem.to} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
                  {signInNavItem.label}
                </Link>
                <Link to={getStartedNavItem.to} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
                  {getStartedNavItem.label}
                </Link>
              </div>
            </div>
          </Sheet>
        </Suspense>
      ) : null}
    </>
  );
}
