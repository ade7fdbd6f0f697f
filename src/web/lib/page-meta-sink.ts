import { createContext, useContext } from 'react';

export interface PageMeta {
  /** Already formatted (formatDocumentTitle). */
  title: string;
  description?: string;
}

/**
 * Where a page rendered to a string (ADR 0111) reports its title and description: the hooks set them in an effect in
 * the browser, and effects never run on the server, so the pre-rendered HTML would keep index.html's.
 */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | undefined>(undefined);

export function useReportPageMeta(meta: PageMeta): void {
  useContext(PageMetaSink)?.(meta);
}
