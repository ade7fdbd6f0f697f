import { clsx } from 'clsx';
import { LogOut, Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { MeUser } from '#shared/auth/me.schema';
import { useAuth } from '../../lib/auth';
import { useLogout } from '../../lib/use-logout';
import { Button, buttonClassName } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { AccountSummary } from './account-summary';
import { getStartedNavItem, signedInNavItems, signInNavItem } from './nav-items';
import { SectionLink, SectionNav, type MenuLink } from './section-link';
import { ThemeSwitch } from './theme-switch';
import { useDrawerState } from './use-drawer-state';

// Radix Dialog and its focus/scroll helpers are a third of the layout's code and only phones use the drawer,
// so they load when the drawer is about to be needed rather than with every page.
const loadSheet = () => import('../ui/sheet');
const Sheet = lazy(async () => ({ default: (await loadSheet()).Sheet }));

// Tailwind's md breakpoint; from there on the header shows the items itself.
export const desktopQuery = '(min-width: 48rem)';

function matchesDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(desktopQuery).matches;
}

export const drawerLinkClassName =
  'flex h-11 items-center rounded-lg px-3 text-base font-medium text-slate-800 transition-colors hover:bg-slate-100 hover:text-indigo-700';

type MobileNavDrawerProps = {
  /** The app shell's sections (the dashboard or admin sidebar), shown above the header's items: one menu on phones. */
  sections?: ReactNode;
};

export function MobileNavDrawer({ sections }: MobileNavDrawerProps) {
  const auth = useAuth();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { open, setOpen } = useDrawerState(desktopQuery);
  const [sheetRequested, setSheetRequested] = useState(false);

  useEffect(() => {
    if (matchesDesktop()) return;
    // On a phone, fetch the drawer's code once the page is idle so the first tap opens it at once.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadSheet());
    return () => cancel(handle);
  }, []);

  // Close at the click rather than at the commit: a page still loading its code would otherwise keep the drawer up.
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
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
          setOpen(true);
        }}
        onPointerEnter={() => void loadSheet()}
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {sheetRequested ? (
        <Suspense fallback={null}>
          <Sheet open={open} onOpenChange={setOpen} title="Menu" closeLabel="Close menu" returnFocusRef={triggerRef}>
            <div className="flex flex-col gap-6 p-4" onClick={closeOnLinkClick}>
              {auth.status === 'loading' ? <Spinner className="self-center py-6" /> : null}
              {auth.status === 'signed-out' ? <SignedOutItems /> : null}
              {auth.status === 'signed-in' ? <SignedInItems user={auth.user} sections={sections} /> : null}
            </div>
          </Sheet>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The drawer's items for visitors. The pre-rendered landing page shows them too, without a router
 * (landing/static-drawer.tsx), so it passes plain anchors for both kinds of link.
 */
export function SignedOutItems({ SectionAnchor = SectionLink, PageAnchor = Link }: { SectionAnchor?: MenuLink; PageAnchor?: MenuLink }) {
  return (
    <>
      <SectionNav label="Mobile" listClassName="flex flex-col gap-1" linkClassName={drawerLinkClassName} LinkComponent={SectionAnchor} />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-6">
        <PageAnchor to={signInNavItem.to} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          {signInNavItem.label}
        </PageAnchor>
        <PageAnchor to={getStartedNavItem.to} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          {getStartedNavItem.label}
        </PageAnchor>
      </div>
      {/* Signed in, the account menu has the theme. */}
      <div className="border-t border-slate-200 pt-6">
        <ThemeSwitch />
      </div>
    </>
  );
}

function SignedInItems({ user, sections }: { user: MeUser; sections?: ReactNode }) {
  // Logging out navigates home, and the navigation closes the drawer.
  const { logout, isPending } = useLogout();

  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
        <AccountSummary user={user} />
      </div>
      {sections}
      <nav aria-label="Mobile" className={sections ? 'border-t border-slate-200 pt-4' : undefined}>
        <ul className="flex flex-col gap-1">
          {signedInNavItems(user.role).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => clsx(drawerLinkClassName, isActive && 'bg-indigo-50 text-indigo-700')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 pt-6">
        <Button variant="secondary" size="lg" className="w-full" onClick={logout} disabled={isPending}>
          <LogOut aria-hidden="true" className="size-4" />
          {isPending ? 'Logging out...' : 'Log Out'}
        </Button>
      </div>
    </>
  );
}
