import type { Role } from '#shared/auth/me.schema';
import { paths } from '../../config/paths';

/** Signed-out navigation, shared by the desktop header and the mobile drawer so both always list the same items. */
export const sectionNavItems = [
  { label: 'Features', to: paths.features },
  { label: 'FAQ', to: paths.faq },
] as const;

export const signInNavItem = { label: 'Sign In', to: paths.login } as const;
export const getStartedNavItem = { label: 'Get Started', to: paths.register } as const;

/** Signed-in navigation: Dashboard for everyone, Admin only for admins (spec section 6). */
export function signedInNavItems(role: Role): { label: string; to: string }[] {
  const dashboard = { label: 'Dashboard', to: paths.dashboard };
  return role === 'admin' ? [dashboard, { label: 'Admin', to: paths.admin }] : [dashboard];
}
