import { paths } from '../../config/paths';

/** Signed-out navigation, shared by the desktop header and the mobile drawer so both always list the same items. */
export const sectionNavItems = [
  { label: 'Features', to: paths.features },
  { label: 'FAQ', to: paths.faq },
] as const;

export const signInNavItem = { label: 'Sign In', to: paths.login } as const;
export const getStartedNavItem = { label: 'Get Started', to: paths.register } as const;
