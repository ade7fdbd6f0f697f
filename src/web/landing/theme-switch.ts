import { chooseTheme, onThemeChoice, readThemeChoice, themeChoices, type ThemeChoice } from '#web/components/layout/theme-choice';

/**
 * The theme switches of a pre-rendered page without React (ADR 0066): they were rendered with "System" checked, so
 * they show the remembered choice, and a choice in one applies it and shows in the others.
 */
export function enhanceThemeSwitches(container: ParentNode): void {
  const inputs = [...container.querySelectorAll<HTMLInputElement>('[data-theme-switch] input[type="radio"]')];
  if (inputs.length === 0) return;
  const show = () => {
    const choice = readThemeChoice();
    for (const input of inputs) input.checked = input.value === choice;
  };
  show();
  onThemeChoice(show);
  for (const input of inputs) {
    input.addEventListener('change', () => {
      if (input.checked && themeChoices.includes(input.value as ThemeChoice)) chooseTheme(input.value as ThemeChoice);
    });
  }
}
