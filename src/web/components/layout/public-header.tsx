import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { scrollSmoothlyOnNavigation } from '../../lib/smooth-scroll';
import { buttonClassName } from '../ui/button';
import { Logo } from './logo';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { getStartedNavItem, sectionNavItems, signInNavItem } from './nav-items';
import { SectionLink } from './section-link';

export function PublicHeader() {
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <MobileNavDrawer />
          <Link
            to={paths.home}
            className="rounded-lg"
            // On the landing page itself the logo glides back to the top instead of jumping.
            onClick={(event) => {
              if (pathname === paths.home) scrollSmoothlyOnNavigation(event);
            }}
          >
            <Logo />
          </Link>
        </div>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionNavItems.map((item) => (
              <li key={item.to}>
                <SectionLink
                  to={item.to}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Link to={signInNavItem.to} className={buttonClassName({ variant: 'ghost' })}>
            {signInNavItem.label}
          </Link>
          <Link to={getStartedNavItem.to} className={buttonClassName()}>
            {getStartedNavItem.label}
          </Link>
        </div>
      </div>
    </header>
  );
}
