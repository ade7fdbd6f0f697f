/**
 * Links that stay on the landing page, as the SPA treats them (lib/smooth-scroll.ts): the section anchors glide to
 * their section and the logo glides back to the top instead of reloading the page. Reduced motion jumps.
 */
export function glideOnInPageLinks(isActive: () => boolean): void {
  document.addEventListener('click', (event) => {
    if (!isActive() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link?.href || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return;
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (url.hash) {
      // The browser follows the anchor itself; smooth scrolling is on just for that jump.
      if (behavior === 'auto') return;
      document.documentElement.style.scrollBehavior = 'smooth';
      window.setTimeout(() => document.documentElement.style.removeProperty('scroll-behavior'), 1000);
      return;
    }
    event.preventDefault();
    if (location.hash) history.pushState(null, '', url.pathname);
    window.scrollTo({ top: 0, behavior });
  });
}
