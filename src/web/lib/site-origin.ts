import { createContext, useContext } from 'react';

/** This server's origin when a page is rendered on it (ADR 0111), where there is no `window.location` to ask. */
export const SiteOrigin = createContext<string | undefined>(undefined);

/** The origin the app is served from: the one the examples of /docs/api call. */
export function useSiteOrigin(): string {
  return useContext(SiteOrigin) ?? window.location.origin;
}
