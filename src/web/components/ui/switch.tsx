import * as SwitchPrimitive from '@radix-ui/react-switch';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** An on/off control (role="switch"); label it with a <label for> pointing at its id. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={clsx(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-slate-300 hover:bg-slate-400 data-[state=checked]:bg-indigo-600 data-[state=checked]:hover:bg-indigo-700',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
}
