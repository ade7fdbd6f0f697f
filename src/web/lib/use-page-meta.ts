import { useEffect } from 'react';
import { useReportPageMeta } from './page-meta-sink';

/**
 * Document title (already formatted, see formatDocumentTitle) and meta description of a public page. index.html
 * carries the landing page's description for crawlers that run no scripts; each page replaces it when it renders, so
 * the browser tab and shared links describe that page.
 */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useReportPageMeta({ title, description });
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
