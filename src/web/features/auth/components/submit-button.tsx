import { Button } from '../../../components/ui/button';

type SubmitButtonProps = {
  busy: boolean;
  label: string;
  busyLabel: string;
};

/** A full-width submit button that says what it is doing and cannot be pressed twice. */
export function SubmitButton({ busy, label, busyLabel }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy ? (
        // The text says what is happening; the spinner is decoration.
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white border-r-transparent motion-reduce:hidden" />
      ) : null}
      {busy ? busyLabel : label}
    </Button>
  );
}
