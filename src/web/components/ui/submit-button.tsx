import { clsx } from 'clsx';
import { Button } from './button';

type SubmitButtonProps = {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Full width and large on the auth pages; a settings card's footer holds a normal-sized one. */
  block?: boolean;
};

/** A submit button that says what it is doing and cannot be pressed twice. */
export function SubmitButton({ busy, label, busyLabel, block = true }: SubmitButtonProps) {
  return (
    <Button type="submit" size={block ? 'lg' : 'md'} className={clsx(block && 'w-full')} disabled={busy}>
      {busy ? (
        // The text says what is happening; the spinner is decoration.
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white border-r-transparent motion-reduce:hidden"
        />
      ) : null}
      {busy ? busyLabel : label}
    </Button>
  );
}
