import { useState } from 'react';
import { toast, toastError } from '#web/lib/toast';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { serverFieldErrors } from '#web/lib/form-errors';
import { useInviteUser } from '../api/admin-users';
import { FormDialog } from '#web/components/ui/form-dialog';

type InviteUserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes: the Add User button. */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/** Add User: creates an invited account (POST /api/admin/users), which gets an e-mail to choose a password. */
export function InviteUserDialog({ open, onOpenChange, returnFocusTo }: InviteUserDialogProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const invite = useInviteUser();
  const fields = invite.error ? serverFieldErrors(invite.error) : {};
  const changeOpen = (next: boolean) => {
    if (!next) {
      setName('');
      setEmail('');
      invite.reset();
    }
    onOpenChange(next);
  };
  const submit = () =>
    invite.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: () => {
          toast.success('Invitation sent', { description: `${email.trim()} will get an e-mail to set a password.` });
          changeOpen(false);
        },
        onError: (error) => {
          if (Object.keys(serverFieldErrors(error)).length === 0) toastError('Could not invite the user', error, 'Please try again.');
        },
      },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Add User"
      description="They get an e-mail with a link to set their password."
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
      pending={invite.isPending}
      onSubmit={submit}
      returnFocusTo={returnFocusTo}
    >
      <Field id="invite-name" label="Name" error={fields.name}>
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />}
      </Field>
      <Field id="invite-email" label="Email" error={fields.email}>
        {(control) => (
          <Input {...control} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        )}
      </Field>
    </FormDialog>
  );
}
