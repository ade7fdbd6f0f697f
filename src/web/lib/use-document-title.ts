import { useEffect } from 'react';
import { productName } from '#shared/product';
import { useReportPageMeta } from './page-meta-sink';

/** "Page — Promptcron": the page first, so browser tabs stay tellable apart when they are narrow. */
export function formatDocumentTitle(page: string): string {
  return `${page} — ${productName}`;
}

export function useDocumentTitle(title: string): void {
  useReportPageMeta({ title });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
