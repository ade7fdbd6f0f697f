import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix Tabs (arrow keys move between tabs, the panel follows) in the app's look. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={clsx(
        // On a phone the tabs share the width in an even grid rather than running off the edge, where the open one
        // could sit out of sight.
        'grid w-full auto-cols-fr grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-slate-100/80 p-1 sm:flex sm:w-fit',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-lg px-3.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors',
        'hover:text-slate-900 focus-visible:outline-offset-0',
        'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={clsx('mt-6 rounded-xl', className)} {...props} />;
}
