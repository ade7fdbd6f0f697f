import type { ComponentProps } from 'react';
import { Input } from './input';

/** An e-mail field as phones and password managers expect it; any prop can still be overridden. */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      {...props}
    />
  );
}
