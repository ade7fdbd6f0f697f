import { Outlet } from 'react-router';
import { renderWithToasts } from '#web/testing/test-utils';
import { PublicHeader } from './public-header';

/** The pages the header's links lead to, each a heading that names it. */
const pages = {
  '/': 'Landing',
  '/about': 'About',
  '/login': 'Sign in page',
  '/register': 'Register page',
  '/dashboard': 'Dashboard page',
  '/dashboard/settings': 'Settings page',
  '/admin': 'Admin page',
};

/**
 * For the header's tests (the header's and its mobile drawer's): the header over stand-ins of the pages its links lead
 * to, with the app's toasts. Beside them rather than in src/web/testing because only they use it.
 */
export function renderPublicHeader(initialPath: string) {
  const header = (
    <>
      <PublicHeader />
      <Outlet />
    </>
  );
  const children = Object.entries(pages).map(([path, heading]) => ({ path, element: <h1>{heading}</h1> }));
  return renderWithToasts([{ element: header, children }], { initialPath });
}
