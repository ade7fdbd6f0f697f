import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

type Props = { open?: boolean; pending?: boolean; onSubmit?: () => void };

function dialog({ open = true, pending = false, onSubmit = () => {} }: Props = {}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={() => {}}
      title="Add User"
      description="They get an e-mail."
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
      pending={pending}
      onSubmit={onSubmit}
    >
      <label>
        Name
        <input name="name" />
      </label>
    </FormDialog>
  );
}

/** A page whose button opens the form from state, as the lists do; submitting closes it. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Add User
      </button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Add User"
        description="They get an e-mail."
        submitLabel="Send Invitation"
        pendingLabel="Sending..."
        pending={false}
        onSubmit={() => setOpen(false)}
        returnFocusTo={() => opener.current}
      >
        <label>
          Name
          <input name="name" />
        </label>
      </FormDialog>
    </>
  );
}

describe('FormDialog', () => {
  it('submits once for a quick double click, before the request shows as pending', async () => {
    // Both clicks before the page can render anything in between, as a quick double click can land.
    const quick = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(dialog({ onSubmit }));

    await quick.dblClick(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets a failed attempt be sent again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(dialog({ onSubmit }));

    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    rerender(dialog({ onSubmit, pending: true }));
    await user.click(screen.getByRole('button', { name: 'Sending...' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(dialog({ onSubmit }));
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('lets an attempt that sent nothing (the form’s own check failed) be sent again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(dialog({ onSubmit }));

    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('ignores a submit while it fades out after the action succeeded', async () => {
    // An exit animation, which keeps the dialog and its buttons on screen after it closed (Radix waits for it).
    const style = document.createElement('style');
    style.textContent = '[role="dialog"][data-state="closed"] { animation-name: fade-out; }';
    document.head.append(style);
    try {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      const { rerender } = render(dialog({ onSubmit }));
      await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
      rerender(dialog({ onSubmit, pending: true }));
      // It succeeded: the caller closes the dialog, which is no longer pending.
      rerender(dialog({ onSubmit, open: false }));

      await user.click(screen.getByRole('button', { name: 'Send Invitation', hidden: true }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
    } finally {
      style.remove();
    }
  });

  it('gives the focus back to the control that opened it, after Escape and after submitting', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Add User' });

    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Add User' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
