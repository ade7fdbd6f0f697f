import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/*
 * What the tests of the create and edit task pages share: the same form, read the same way, at a fixed "now".
 */

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const providerSelect = () => screen.getByRole('combobox', { name: 'Provider' });

/** The form, once what it waits for (the catalogue, and the task or the settings) has answered. */
export async function formReady() {
  await screen.findByLabelText('Task Name');
  await waitFor(() => expect((providerSelect() as HTMLButtonElement).disabled).toBe(false));
}

/**
 * Each test of the enclosing describe runs at `now`. Only Date is faked: the clock the schedule preview and "today"
 * read; timers stay real for the user events. Afterwards the API stub, spies and toasts are cleared.
 */
export function runEachTestAt(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    toast.dismiss();
  });
}
