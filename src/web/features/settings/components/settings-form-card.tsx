import type { FormEventHandler, ReactNode, Ref } from 'react';
import { Button, type ButtonVariant } from '#web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '#web/components/ui/card';

type SettingsFormCardProps = {
  /** The title's id, which names the card (`aria-labelledby`). */
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's label, and what it says while the request is under way (it cannot be pressed twice). */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  submitVariant?: ButtonVariant;
  submitRef?: Ref<HTMLButtonElement>;
  className?: string;
  contentClassName?: string;
  /** The form's fields. */
  children: ReactNode;
};

/** A settings card that is one form: a titled header, the fields, and a footer with the submit button. */
export function SettingsFormCard({
  titleId,
  title,
  description,
  onSubmit,
  submitLabel,
  busyLabel,
  busy,
  submitVariant,
  submitRef,
  className,
  contentClassName,
  children,
}: SettingsFormCardProps) {
  return (
    <Card aria-labelledby={titleId} className={className}>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader titleId={titleId} title={title} description={description} />
        <CardContent className={contentClassName}>{children}</CardContent>
        <CardFooter>
          <Button ref={submitRef} type="submit" variant={submitVariant} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
