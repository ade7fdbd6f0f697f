/*
 * The visitor's theme (ADR 0066): the system's setting unless they chose light or dark, remembered in this browser.
 * src/web/public/theme.js applies the remembered choice before the first paint (keep its key and attribute in step
 * with these); the stylesheet (theme-dark.css) reads `data-theme` on <html>, and follows the system without it. No
 * React here: the pre-rendered pages' own script (landing/theme-switch.ts) uses it too.
 */

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

export const themeStorageKey = 'promptcron.theme';
const changeEvent = 'promptcron:theme-change';

const isThemeChoice = (value: unknown): value is ThemeChoice => themeChoices.includes(value as ThemeChoice);

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    // Storage blocked by the browser's privacy settings: nothing was remembered.
    return 'system';
  }
}

/** Applies a choice at once, remembers it and tells every switch on the page. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Not remembered, but still applied to this page.
  }
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  window.dispatchEvent(new Event(changeEvent));
}

/** Calls `listener` after every choice; returns the unsubscribe. */
export function onThemeChoice(listener: () => void): () => void {
  window.addEventListener(changeEvent, listener);
  return () => window.removeEventListener(changeEvent, listener);
}
