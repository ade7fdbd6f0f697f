import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, expect, it } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
});

/** Toasts on screen and not leaving: sonner marks a dismissed toast `data-removed` for its 200 ms exit. */
const onScreen = () => document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])');

it('replaces the notification on screen with the next one, description and all', async () => {
  render(<Toaster visibleToasts={1} />);
  act(() => {
    toast.error('Invalid or expired authentication link', { description: 'Request a new link.' });
  });
  expect(await screen.findByText('Invalid or expired authentication link')).toBeTruthy();

  act(() => {
    toast.success('Password set successfully');
  });
  expect(await screen.findByText('Password set successfully')).toBeTruthy();
  // Leaving at once (the next render), not hidden behind the new one; gone from the page, with its description, after
  // its 200 ms exit.
  await waitFor(() => expect(onScreen()).toHaveLength(1), { timeout: 500 });
  expect(onScreen()[0]?.textContent).toContain('Password set successfully');
  await waitFor(() => expect(screen.queryByText('Invalid or expired authentication link')).toBeNull());
  expect(screen.queryByText('Request a new link.')).toBeNull();
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
});

it('shows a notification that arrives while the previous one is leaving', async () => {
  render(<Toaster visibleToasts={1} />);
  act(() => {
    toast.success('Task resumed', { duration: 300 });
  });
  expect(await screen.findByText('Task resumed')).toBeTruthy();
  // The old toast closed 300 ms in and leaves the page 200 ms later; the next one arrives in between. Updating the
  // leaving toast in place (one id for all) took the new one with it.
  await new Promise((resolve) => setTimeout(resolve, 380));
  act(() => {
    toast.success('Task deleted');
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(screen.getByText('Task deleted')).toBeTruthy();
  expect(onScreen()).toHaveLength(1);
});
