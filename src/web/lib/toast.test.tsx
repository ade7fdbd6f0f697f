import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, expect, it } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
});

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
  // Not hidden behind the new one: gone from the page, with its description.
  expect(screen.queryByText('Invalid or expired authentication link')).toBeNull();
  expect(screen.queryByText('Request a new link.')).toBeNull();
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
});
