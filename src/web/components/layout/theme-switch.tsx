import { clsx } from 'clsx';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import { chooseTheme, onThemeChoice, readThemeChoice, type ThemeChoice } from './theme-choice';

const options: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
];

/** The remembered theme, kept in step with every other switch on the page. */
export function useThemeChoice(): ThemeChoice {
  // Pre-rendered pages show "System"; their script (landing/theme-switch.ts) checks the remembered choice.
  return useSyncExternalStore(onThemeChoice, readThemeChoice, () => 'system');
}

type ThemeSwitchProps = {
  /** Icons only with their names for screen readers, for the header; otherwise a titled row with each name shown. */
  compact?: boolean;
  className?: string;
};

/**
 * System, Light or Dark as three radio buttons, so that it works without React too: the pre-rendered landing, sign-in
 * and sign-up pages carry this markup and landing/theme-switch.ts makes it work there (ADR 0066).
 */
export function ThemeSwitch({ compact = false, className }: ThemeSwitchProps) {
  const choice = useThemeChoice();
  // Each switch is a radio group of its own: the header's and the phone menu's are on the page together.
  const name = useId();

  return (
    <fieldset data-theme-switch="" className={className}>
      <legend className={compact ? 'sr-only' : 'mb-2 text-sm font-medium text-slate-600'}>Theme</legend>
      <div className={clsx('flex gap-0.5 rounded-full border border-slate-200 bg-slate-100 p-0.5', compact ? 'w-fit' : 'w-full')}>
        {options.map(({ value, label, Icon }) => (
          <label
            key={value}
            title={compact ? label : undefined}
            className={clsx(
              'relative inline-flex h-8 cursor-pointer items-center justify-center gap-1.5 rounded-full text-sm font-medium text-slate-600 transition-colors hover:text-slate-900',
              'has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 has-[:focus-visible]:outline-solid',
              compact ? 'w-8' : 'flex-1 px-3',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => chooseTheme(value)}
              // Over the whole option, unseen: the option is what shows it, and a click anywhere on it lands on the radio.
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            <Icon aria-hidden="true" className="size-4" />
            <span className={compact ? 'sr-only' : undefined}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
