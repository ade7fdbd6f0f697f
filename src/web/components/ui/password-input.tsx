import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { inputClassName } from './input';

/** A password field with a button that reveals what was typed, so long passwords can be checked before sending. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;

  return (
    <div className="relative">
      <input type={visible ? 'text' : 'password'} className={clsx(inputClassName, 'pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-lg text-slate-500 transition-colors hover:text-slate-900 focus-visible:outline-offset-[-2px]"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
