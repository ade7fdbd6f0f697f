import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

type Props = { open?: boolean; pending?: boolean; onConfirm?: () => void };

function dialog({ open = true, pending = false, onConfirm = () => {} }: Props = {}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={() => {}}
      title="Delete Task"
      description="It cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** A page whose button opens the dialog from state, as the lists do; the confirm action closes it. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Delete…
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Task"
        description="It cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={() => setOpen(false)}
        returnFocusTo={() => opener.current}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('runs the action once for a quick second click, before the request shows as pending', async () => {
    // Both clicks before the page can render anything in between, as a quick double click can land.
    const quick = userEvent.setup({ delay: null });
    const onConfirm = vi.fn();
    render(dialog({ onConfirm }));

    await quick.dblClick(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('lets a failed attempt be tried again, and a new opening act again', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(dialog({ onConfirm }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    rerender(dialog({ onConfirm, pending: true }));
    await user.click(screen.getByRole('button', { name: 'Deleting...' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // The request failed: the dialog is still open and no longer pending.
    rerender(dialog({ onConfirm }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);

    rerender(dialog({ onConfirm, open: false }));
    rerender(dialog({ onConfirm }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(3);
  });

  it('ignores a click while it fades out after the action succeeded', async () => {
    // The app's exit animation, which keeps the dialog and its buttons on screen after it closed (Radix waits for it).
    const style = document.createElement('style');
    style.textContent = '[role="alertdialog"][data-state="closed"] { animation-name: fade-out; }';
    document.head.append(style);
    try {
      const user = userEvent.setup();
      const onConfirm = vi.fn();
      const { rerender } = render(dialog({ onConfirm }));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      rerender(dialog({ onConfirm, pending: true }));
      // It succeeded: the caller closes the dialog, which is no longer pending.
      rerender(dialog({ onConfirm, open: false }));

      await user.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
      expect(onConfirm).toHaveBeenCalledTimes(1);
    } finally {
      style.remove();
    }
  });

  it('gives the focus back to the control that opened it, after Escape and after the action', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Delete…' });

    await user.click(opener);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
