import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** An AI answer in Markdown as e-mail-safe HTML: rendered, then stripped of scripts, styles, handlers and odd links. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], code: ['class'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}
