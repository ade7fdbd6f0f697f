import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent, safeHref } from './markdown-content';

function renderMarkdown(markdown: string): HTMLElement {
  return render(<MarkdownContent markdown={markdown} />).container;
}

describe('Markdown content', () => {
  it('renders headings, emphasis, lists, code and tables', () => {
    const html = renderMarkdown(
      '# Title\n\nSome *soft* and **strong** text with `code`.\n\n1. one\n2. two\n\n```\nblock\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |',
    ).innerHTML;
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toMatch(/<ol>\s*<li>one<\/li>/);
    expect(html).toContain('<pre><code>block');
    expect(html).toContain('<td style="text-align: center;">2</td>');
  });

  it('drops scripts, styles, frames, images and event handlers, and keeps the text of unknown elements', () => {
    const container = renderMarkdown(
      'Hi <span onclick="alert(1)" style="color:red">there</span><script>alert(1)</script><style>*{}</style><iframe srcdoc="x"></iframe><img src=x onerror=alert(1)><svg><a href="javascript:alert(1)">x</a></svg>',
    );
    expect(container.querySelector('script, style, iframe, img, svg, span, [onclick], [onerror], [style]')).toBeNull();
    expect(container.textContent?.trim()).toBe('Hi there');
  });

  it('keeps only http, https and mailto links, opened away from the app', () => {
    const container = renderMarkdown(
      '[ok](https://example.com/a) [mail](mailto:a@example.com) [js](javascript:alert(1)) [data](data:text/html,x) [rel](/dashboard)',
    );
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/a', 'mailto:a@example.com']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.textContent).toContain('js data rel');
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeHref(' https://example.com')).toBe('https://example.com/');
  });
});
