import { useEffect } from 'react';
import { productName } from '#shared/product';

/** "Page — Promptcron": the page first, so browser tabs stay tellable apart when they are narrow. */
export function formatDocumentTitle(page: string): string {
  return `${page} — ${productName}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
