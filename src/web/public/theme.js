/*
 * The theme chosen in the header (ADR 0066), applied before the first paint: a blocking script in every page's <head>,
 * a file because the Content Security Policy allows no inline script. Without a choice the stylesheet follows the
 * system's setting. Keep the key and the attribute in step with src/web/components/layout/theme-choice.ts.
 */
try {
  const theme = localStorage.getItem('promptcron.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage blocked by the browser's privacy settings: the system's setting applies.
}
