import { PartyPopper } from 'lucide-react';
import { productName } from '#shared/product';

/** Greets an invited user on the screen where they choose their first password. */
export function WelcomeNotice({ email }: { email: string }) {
  return (
    <div role="note" className="mb-6 flex gap-3 rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-950">
      <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
      <p className="text-pretty">
        <strong className="font-semibold">Welcome to {productName}!</strong> Your account is ready. Choose a password to finish setting it
        up; you will sign in with <span className="font-medium break-all">{email}</span> and this password.
      </p>
    </div>
  );
}
