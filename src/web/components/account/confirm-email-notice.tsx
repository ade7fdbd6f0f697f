import { MailWarning } from 'lucide-react';
import { confirmAddressTitle, resultsWaitText } from '#shared/account/address-confirmation.schema';
import { Button } from '#web/components/ui/button';
import { useResendAddressConfirmation } from '#web/lib/address-confirmation';
import { useAuth } from '#web/lib/auth';

/** Whether the signed-in account has yet to confirm its own address (ADR 0109); false while unknown. */
export function useAwaitsOwnAddress(): boolean {
  return useAuth().user?.emailConfirmed === false;
}

/**
 * The dashboard's banner while the account's own address is not confirmed (ADR 0109): results e-mailed to it wait,
 * and the mail can be sent again. Nothing once it is confirmed, or for a server that does not say.
 */
export function ConfirmEmailBanner() {
  const user = useAuth().user;
  if (user?.emailConfirmed !== false) return null;
  return (
    <section
      id="confirm-email"
      aria-labelledby="confirm-email-heading"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="flex flex-col gap-1 text-sm">
          <h2 id="confirm-email-heading" className="font-semibold">
            {confirmAddressTitle}
          </h2>
          <p>
            We sent a link to <span className="font-medium break-all">{user.email}</span>. {resultsWaitText}
          </p>
        </div>
      </div>
      <ResendButton />
    </section>
  );
}

/** The task page's note for a task e-mailing the account's own address before it is confirmed (ADR 0109). */
export function OwnAddressWaitNote() {
  return (
    <div className="mt-1 flex flex-col items-start gap-2 text-amber-800">
      <p className="flex items-center gap-1.5">
        <MailWarning aria-hidden="true" className="size-4 shrink-0" />
        {resultsWaitText}
      </p>
      <ResendButton />
    </div>
  );
}

function ResendButton() {
  const resend = useResendAddressConfirmation();
  return (
    <Button variant="secondary" size="sm" className="shrink-0" disabled={resend.isPending} onClick={() => resend.mutate()}>
      {resend.isPending ? 'Sending...' : 'Resend e-mail'}
    </Button>
  );
}
