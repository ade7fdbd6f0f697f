import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { scrollSmoothlyOnNavigation } from '../../lib/smooth-scroll';
import { buttonClassName } from '../ui/button';
import { AccountAvatar } from './account-avatar';
import { Logo } from './logo';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { getStartedNavItem, signedInNavItems, signInNavItem } from './nav-items';
import { SectionNav } from './section-link';
import { ThemeSwitch } from './theme-switch';

// The dropdown (Radix Menu with its positioning engine) is the largest part of the header, and visitors who are not
// signed in never open it, so it loads only for signed-in users.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

const navLinkClassName =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';

type PublicHeaderProps = {
  /** Span the whole window, as the app shell does, instead of the centred column of the public pages. */
  fullWidth?: boolean;
  /** The app shell's sections, for the phone menu (MobileNavDrawer). */
  mobileSections?: ReactNode;
  /** The app shell's workspace switcher, beside the logo on every width. */
  workspaceSwitcher?: ReactNode;
};

/**
 * The site header on every page. Until the session is known it shows neither the signed-out nor the signed-in
 * actions, so a signed-in user never sees "Sign In" flash by.
 */
export function PublicHeader({ fullWidth = false, mobileSections, workspaceSwitcher }: PublicHeaderProps) {
  const { pathname } = useLocation();
  const auth = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div
        className={clsx(
          'mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
          fullWidth ? 'max-w-none' : 'max-w-6xl',
        )}
      >
        <div className="flex min-w-0 items-center gap-2">
          <MobileNavDrawer sections={mobileSections} />
          <Link
            to={paths.home}
            className="rounded-lg"
            // On the landing page itself the logo glides back to the top instead of jumping.
            onClick={(event) => {
              if (pathname === paths.home) scrollSmoothlyOnNavigation(event);
            }}
          >
            {/* Beside the switcher a phone shows only the mark: the name would push the account menu off the screen. */}
            <Logo nameClassName={workspaceSwitcher ? 'max-sm:sr-only' : undefined} />
          </Link>
          {auth.status === 'signed-in' ? workspaceSwitcher : null}
        </div>

        {auth.status === 'signed-out' ? (
          <>
            <SectionNav label="Main" className="hidden md:block" listClassName="flex items-center gap-1" linkClassName={navLinkClassName} />
            <div className="hidden items-center gap-2 md:flex">
              {/* Signed in, the account menu has the theme; on phones, the menu. */}
              <ThemeSwitch compact />
              <Link to={signInNavItem.to} className={buttonClassName({ variant: 'ghost' })}>
                {signInNavItem.label}
              </Link>
              <Link to={getStartedNavItem.to} className={buttonClassName()}>
                {getStartedNavItem.label}
              </Link>
            </div>
          </>
        ) : null}

        {auth.status === 'signed-in' ? (
          <>
            <nav aria-label="Main" className="hidden md:block">
              <ul className="flex items-center gap-1">
                {signedInNavItems(auth.user.role).map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={({ isActive }) =>
                        clsx(navLinkClassName, isActive && 'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700')
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {/* The account menu stays on phones too: it is the quickest way to see who is signed in. */}
            <div className="flex items-center">
              <Suspense
                // The trigger's look, so nothing moves when the menu's code arrives.
                fallback={
                  <span aria-hidden="true" className="inline-flex h-10 items-center gap-1 py-1 pr-2 pl-1 text-slate-600">
                    <AccountAvatar user={auth.user} />
                    <ChevronDown className="size-4" />
                  </span>
                }
              >
                <AccountMenu user={auth.user} />
              </Suspense>
            </div>
          </>
        ) : null}
      </div>
    </header>
  );
}
