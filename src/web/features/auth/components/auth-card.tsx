import { useId, type ReactNode } from 'react';
import { Spinner } from '#web/components/ui/spinner';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under a rule at the bottom, e.g. the link to the other of sign-in and sign-up. */
  footer?: ReactNode;
};

/** The centered card every account screen sits in, inside the public layout. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  const titleId = useId();

  return (
    <div className="relative isolate flex justify-center px-4 py-10 sm:px-6 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_50%_-5%,var(--color-indigo-100),transparent)]"
      />
      <section aria-labelledby={titleId} className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="mb-6 text-center">
          <h1 id={titleId} className="text-2xl font-bold tracking-tight text-balance text-slate-900">
            {title}
          </h1>
          {description ? <p className="mt-2 text-sm text-pretty text-slate-600">{description}</p> : null}
        </header>
        {children}
        {footer ? <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div> : null}
      </section>
    </div>
  );
}

/** Shown in place of a card while the session is determined or a link is being checked. */
export function AuthPending({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="grid min-h-[50dvh] place-items-center px-4 py-16">
      <Spinner size="lg" label={label} showLabel />
    </div>
  );
}
