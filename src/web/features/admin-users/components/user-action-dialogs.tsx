import { useState } from 'react';
import { toast, toastError } from '#web/lib/toast';
import type { AdminUser } from '#shared/admin/admin-user.schema';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { useAdminUserAction, usePlans, type AdminUserAction } from '../api/admin-users';
import { FormDialog } from '#web/components/ui/form-dialog';
import type { UserDialog } from './user-row-menu';

type Confirmation = { title: string; description: string; confirm: string; pending: string; done: string; destructive?: boolean };

const confirmations: Record<'password-reset' | 'suspend' | 'unsuspend' | 'invitation', (user: AdminUser) => Confirmation> = {
  'password-reset': (user) => ({
    title: 'Reset Password',
    description: `Send ${user.email} an e-mail with a link to choose a new password?`,
    confirm: 'Send Reset Email',
    pending: 'Sending...',
    done: 'Password reset e-mail sent',
  }),
  suspend: (user) => ({
    title: 'Suspend Account',
    description: `${user.name} is signed out at once, cannot sign in, and their tasks stop running until you unsuspend the account.`,
    confirm: 'Suspend Account',
    pending: 'Suspending...',
    done: 'Account suspended',
    destructive: true,
  }),
  unsuspend: (user) => ({
    title: 'Unsuspend Account',
    description: `${user.name} can sign in again, and their active tasks run from their next scheduled time.`,
    confirm: 'Unsuspend',
    pending: 'Unsuspending...',
    done: 'Account unsuspended',
  }),
  invitation: (user) => ({
    title: 'Resend Invitation',
    description: `Send ${user.email} a new invitation link? Earlier links stop working.`,
    confirm: 'Resend Invitation',
    pending: 'Sending...',
    done: 'Invitation sent',
  }),
};

type UserActionDialogsProps = {
  dialog: UserDialog | null;
  user: AdminUser | null;
  onClose: () => void;
  /** Called before `onClose` once the user is deleted: the row that opened the dialog is gone. */
  onDeleted: () => void;
  /** Where focus goes when the dialog closes (see ConfirmDialog). */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/** The dialog a row's menu opened, for its user; closes itself after the action. */
export function UserActionDialogs({ dialog, user, onClose, onDeleted, returnFocusTo }: UserActionDialogsProps) {
  const action = useAdminUserAction();
  if (!user || !dialog) return null;
  const run = (name: AdminUserAction, done: string, change?: { planId: string }) =>
    action.mutate(
      { userId: user.id, action: name, change },
      {
        onSuccess: () => {
          toast.success(done);
          if (name === 'delete') onDeleted();
          onClose();
        },
        onError: (error) => toastError('Action failed', error, 'Please try again.'),
      },
    );
  const openChange = (open: boolean) => (open ? undefined : onClose());
  if (dialog === 'plan')
    return (
      <EditPlanDialog
        user={user}
        pending={action.isPending}
        onOpenChange={openChange}
        onSave={(planId) => run('change', 'Plan updated', { planId })}
        returnFocusTo={returnFocusTo}
      />
    );
  if (dialog === 'delete')
    return (
      <DeleteUserDialog
        user={user}
        pending={action.isPending}
        onOpenChange={openChange}
        onDelete={() => run('delete', 'User deleted')}
        returnFocusTo={returnFocusTo}
      />
    );
  const text = confirmations[dialog](user);
  return (
    <ConfirmDialog
      open
      onOpenChange={openChange}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      pendingLabel={text.pending}
      pending={action.isPending}
      destructive={text.destructive}
      onConfirm={() => run(dialog, text.done)}
      returnFocusTo={returnFocusTo}
    />
  );
}

type DialogProps = {
  user: AdminUser;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null | undefined;
};

function EditPlanDialog({ user, pending, onOpenChange, onSave, returnFocusTo }: DialogProps & { onSave: (planId: string) => void }) {
  const plans = usePlans();
  const [planId, setPlanId] = useState(user.plan.id);
  // A plan not for sale (Unlimited) is still listed when the user has it.
  const options = [...(plans.data ?? [])];
  if (!options.some((plan) => plan.id === user.plan.id))
    options.push({ id: user.plan.id, name: user.plan.name } as (typeof options)[number]);
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Edit Plan"
      description={`Put ${user.name} on a plan without payment.`}
      submitLabel="Save Plan"
      pendingLabel="Saving..."
      pending={pending}
      ready={planId !== user.plan.id}
      onSubmit={() => onSave(planId)}
      returnFocusTo={returnFocusTo}
    >
      <Field id="edit-plan" label="Plan">
        {(control) => (
          <select {...control} className={inputClassName} value={planId} onChange={(event) => setPlanId(event.target.value)}>
            {options.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  );
}

function DeleteUserDialog({ user, pending, onOpenChange, onDelete, returnFocusTo }: DialogProps & { onDelete: () => void }) {
  const [typed, setTyped] = useState('');
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Delete User"
      description={`This deletes ${user.name} with all their tasks and run history. It cannot be undone.`}
      submitLabel="Delete User"
      pendingLabel="Deleting..."
      pending={pending}
      destructive
      ready={typed.trim().toLowerCase() === user.email.toLowerCase()}
      onSubmit={onDelete}
      returnFocusTo={returnFocusTo}
    >
      <Field id="delete-confirm" label={`Type ${user.email} to confirm`}>
        {(control) => <Input {...control} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />}
      </Field>
    </FormDialog>
  );
}
