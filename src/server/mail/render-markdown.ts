import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * An AI answer in Markdown as e-mail-safe HTML: rendered, then stripped of scripts, styles, handlers and odd links.
 * An image becomes a link to it. A mail client loads an image as the mail opens, so a result could otherwise report
 * who read it, or carry what the model was tricked into putting in the image's address (a prompt injection through
 * a searched page, or `{{last_result}}`) to whoever serves it. A link goes nowhere until the reader follows it. The
 * app's own pages already refuse other sites' images (CSP `img-src 'self' data:`).
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title'], code: ['class'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      img: (_tagName, { src, alt }): sanitizeHtml.Tag => ({
        tagName: 'a',
        attribs: src ? { href: src } : {},
        text: `Image: ${alt?.trim() || src || 'untitled'}`,
      }),
    },
  });
}
