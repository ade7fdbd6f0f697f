import * as Label from '@radix-ui/react-label';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a field hands its control so the label, the hint and the error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  id: string;
  label: string;
  /** Help shown under the control while there is no error. */
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, a control and its message, tied together with `for` and `aria-describedby`. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <Label.Root htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </Label.Root>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
