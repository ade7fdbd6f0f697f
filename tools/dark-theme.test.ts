import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkThemeFile, generateDarkTheme, readPalette, renderDarkTheme, usedFamilies } from './dark-theme';

const themeCss = `
  --color-slate-50: oklch(98.4% 0.003 247.858);
  --color-slate-100: oklch(96.8% 0.007 247.896);
  --color-slate-400: oklch(70.4% 0.04 256.788);
  --color-slate-500: oklch(55.4% 0.046 257.417);
  --color-slate-600: oklch(44.6% 0.043 257.281);
  --color-slate-900: oklch(20.8% 0.042 265.755);
  --color-slate-950: oklch(12.9% 0.042 264.695);
  --color-rose-500: oklch(64.5% 0.246 16.439);
`;

describe('the dark theme', () => {
  it('is up to date with the classes the web app uses and the installed Tailwind', () => {
    expect(readFileSync(darkThemeFile, 'utf8')).toBe(generateDarkTheme());
  });

  it('finds the colour families the sources name', () => {
    const palette = readPalette(themeCss);
    expect(usedFamilies(palette, ['<p className="text-slate-500 from-rose-500/40">', 'ring-rosey-500 slate-5000'])).toEqual([
      'slate',
      'rose',
    ]);
  });

  it('mirrors each scale with literal values, lifts 500 towards 400 and keeps the backdrop dark', () => {
    const css = renderDarkTheme(readPalette(themeCss), ['slate']);
    expect(css).toContain('--color-slate-50: oklch(12.9% 0.042 264.695);');
    expect(css).toContain('--color-slate-900: oklch(96.8% 0.007 247.896);');
    expect(css).toContain('--color-slate-400: oklch(44.6% 0.043 257.281);');
    expect(css).toContain('--color-slate-500: oklch(62.9% 0.043 257.417);');
    expect(css).not.toContain('--color-slate-950');
    expect(css).not.toContain('var(');
    expect(css).toContain(":root[data-theme='dark'] {");
    expect(css).toContain(":root:not([data-theme='light']) {");
  });
});
