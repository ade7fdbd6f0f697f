/**
 * Fills index.html's variant for visitors with a public page rendered to HTML: at build time for the pre-rendered
 * pages, per request on the server for the live ones (ADR 0111). The title and description are the page's own, as
 * the SPA sets them, so a search engine or a shared link sees them without running a script.
 */
export function fillPublicPage(template: string, page: { markup: string; title?: string; description?: string }): string {
  if (!template.includes(emptyRoot)) throw new Error('The page template has no empty #root to fill');
  // Replaced by functions: a `$&` in the content is text, not a replacement pattern.
  let html = template.replace(emptyRoot, () => `<div id="root">${page.markup}</div>`);
  const { title, description } = page;
  if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description !== undefined) {
    html = html.replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(description)}"`);
  }
  return html;
}

const emptyRoot = '<div id="root"></div>';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
