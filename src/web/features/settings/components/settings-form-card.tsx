import { useId, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { Button, type ButtonVariant } from '#web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '#web/components/ui/card';

type SettingsFormCardProps = {
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's label, and what it says while the request is under way (it cannot be pressed twice). */
  submitLabel: string;
  busyLabel?: string;
  busy: boolean;
  submitVariant?: ButtonVariant;
  submitRef?: Ref<HTMLButtonElement>;
  className?: string;
  /** The fields' layout; by default they stack with room between them. */
  contentClassName?: string;
  /** The form's fields. */
  children: ReactNode;
};

/** A settings card that is one form: a titled header, the fields, and a footer with the submit button. */
export function SettingsFormCard({
  title,
  description,
  onSubmit,
  submitLabel,
  busyLabel = 'Saving...',
  busy,
  submitVariant,
  submitRef,
  className,
  contentClassName = 'flex flex-col gap-5',
  children,
}: SettingsFormCardProps) {
  // The title names the card (`aria-labelledby`); several cards share a tab, so the id must be unique on the page.
  const titleId = useId();
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
