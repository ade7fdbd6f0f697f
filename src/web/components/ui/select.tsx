import * as SelectPrimitive from '@radix-ui/react-select';
import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';

/*
 * Radix Select (arrow keys, typeahead, Home/End, Escape; the list is announced as a listbox) in the look of our text
 * inputs. Use it where options need more than plain text, such as badges; long plain lists (time zones) read better
 * as a native <select>, which phones show with their own picker.
 */

export const Select = SelectPrimitive.Root;

type SelectTriggerProps = ComponentProps<typeof SelectPrimitive.Trigger> & { placeholder?: string };

/** The closed select, showing the chosen item's text. Give it the id a <label for> points at. */
export function SelectTrigger({ className, placeholder, ...props }: SelectTriggerProps) {
  return (
    <SelectPrimitive.Trigger
      className={clsx(
        // The input look minus its read-only styles: a <button> always matches :read-only, and would look inert.
        'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm transition-colors',
        'hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:outline-offset-0 data-[placeholder]:text-slate-400',
        'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span className="min-w-0 truncate">
        <SelectPrimitive.Value placeholder={placeholder} />
      </span>
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        // Popper: the list opens below the trigger at its width, like a native dropdown, instead of covering it.
        position="popper"
        sideOffset={4}
        className={clsx(
          'z-50 max-h-(--radix-select-content-available-height) w-(--radix-select-trigger-width) min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg',
          'motion-safe:data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

type SelectItemProps = ComponentProps<typeof SelectPrimitive.Item> & {
  /** Shown beside the text in the list only (badges, notes); the trigger shows just the text. */
  adornment?: ReactNode;
};

export function SelectItem({ className, children, adornment, ...props }: SelectItemProps) {
  const adornmentId = useId();
  return (
    <SelectPrimitive.Item
      // Radix names an item by its text alone; the badges are read out as its description.
      aria-describedby={adornment ? adornmentId : undefined}
      className={clsx(
        'relative flex cursor-pointer items-center gap-2 rounded-md py-2 pr-3 pl-8 text-sm text-slate-900 outline-none select-none',
        'data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900',
        'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex items-center">
        <Check aria-hidden="true" className="size-4 text-indigo-600" />
      </SelectPrimitive.ItemIndicator>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      {adornment ? (
        <span id={adornmentId} className="ml-auto flex shrink-0 items-center gap-1.5">
          {adornment}
        </span>
      ) : null}
    </SelectPrimitive.Item>
  );
}
