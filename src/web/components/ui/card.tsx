import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={clsx('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The title's id, so the card can be named by it (`aria-labelledby`). */
  titleId?: string;
  className?: string;
};

export function CardHeader({ title, description, titleId, className }: CardHeaderProps) {
  return (
    <div className={clsx('flex flex-col gap-1 border-b border-slate-100 px-5 py-4 sm:px-6', className)}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('px-5 py-5 sm:px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={clsx(
        'flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6',
        className,
      )}
      {...props}
    />
  );
}

type TitledCardProps = {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** The content's layout; by default its parts stack with room between them. */
  contentClassName?: string;
  children: ReactNode;
};

/** A card with a header, named by its title (`aria-labelledby`) so that screen readers list it as a region. */
export function TitledCard({ title, description, className, contentClassName = 'flex flex-col gap-5', children }: TitledCardProps) {
  // Unique on the page: the same card titles stand on several pages, and some pages show them next to each other.
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <CardHeader titleId={titleId} title={title} description={description} />
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
