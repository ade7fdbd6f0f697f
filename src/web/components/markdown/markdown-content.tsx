import { marked } from 'marked';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/*
 * A model's answer rendered as Markdown, safely. `marked` turns the text into HTML (raw HTML in the text passes
 * through it untouched), the browser's own DOMParser reads that HTML into an inert document (nothing runs, nothing
 * loads), and only an allow-list of elements and attributes is turned into React elements. No HTML string ever reaches
 * the page, so there is no `dangerouslySetInnerHTML` to get wrong. See docs/decisions/0018-history-export-and-markdown.md.
 */

// Elements kept as they are; any other element is replaced by its children (its text survives, its markup does not).
const allowedElements = new Set([
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'sub',
  'kbd',
]);

// Elements dropped with everything inside: code, styles, embedded documents and media that would load on their own.
const droppedElements = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'img',
  'video',
  'audio',
  'picture',
  'source',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'title',
  'head',
]);

// Elements whose whitespace-only text children are layout noise from the HTML source; React rejects them in tables.
const structuralElements = new Set(['table', 'thead', 'tbody', 'tr', 'ul', 'ol']);

const safeLinkProtocols = new Set(['http:', 'https:', 'mailto:']);

/** A link target the reader can follow without running anything: http(s) and mailto only, never javascript: or data:. */
export function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, 'https://invalid.example/');
    if (!safeLinkProtocols.has(url.protocol) || url.hostname === 'invalid.example') return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedElements.has(tag)) return null;
  const childNodes = Array.from(element.childNodes).filter(
    (child) => !(structuralElements.has(tag) && child.nodeType === Node.TEXT_NODE && child.textContent?.trim() === ''),
  );
  const children = childNodes.map(toReact);
  if (!allowedElements.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });

  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    // Away from the app, and without telling the target where the reader came from.
    Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer nofollow' });
  }
  if ((tag === 'th' || tag === 'td') && /^(left|center|right)$/.test(element.getAttribute('align') ?? '')) {
    props.style = { textAlign: element.getAttribute('align') };
  }
  if (tag === 'ol' && /^\d+$/.test(element.getAttribute('start') ?? '')) props.start = Number(element.getAttribute('start'));
  return createElement(tag, props, ...children);
}

/** The allowed React elements of a Markdown text (exported for tests). */
export function renderMarkdown(markdown: string): ReactNode[] {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.childNodes, toReact);
}

export function MarkdownContent({ markdown, className }: { markdown: string; className?: string }) {
  const content = useMemo(() => renderMarkdown(markdown), [markdown]);
  return <div className={className}>{content}</div>;
}
