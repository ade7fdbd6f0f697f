import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { inputClassName } from './input';

/** A multi-line text field in the look of <Input>, growing with its rows rather than the fixed input height. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={clsx(inputClassName, 'h-auto min-h-20 resize-y py-2 leading-relaxed', className)} {...props} />;
}
