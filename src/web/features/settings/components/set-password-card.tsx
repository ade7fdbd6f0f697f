import { Info } from 'lucide-react';
import { productName } from '#shared/product';
import { SetPasswordForm } from '#web/components/account/set-password-form';
import { Card, CardHeader } from '#web/components/ui/card';

/** The first password of an invited account; once it is set, the Security tab shows the change form instead. */
export function SetPasswordCard() {
  return (
    <Card aria-labelledby="set-password-title">
      <CardHeader titleId="set-password-title" title="Set Password" description="Choose the password for your account." />
      <SetPasswordForm
        layout="card"
        labels={{ password: 'New Password', confirmPassword: 'Confirm Password' }}
        validateWhileTyping={false}
        busyLabel="Setting..."
        errorTitle="Error setting password"
        successDescription="You can now sign in with your email address and this password."
        intro={
          <div className="flex gap-3 rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">Welcome to {productName}!</p>
              <p>You joined through an invitation. Set a password so you can sign in with your email address next time.</p>
            </div>
          </div>
        }
      />
    </Card>
  );
}
