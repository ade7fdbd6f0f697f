import { cleanup, configure } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { toastsSettled } from '#web/lib/toast';

// `findBy…` and `waitFor` wait up to 5 s rather than 1 s: on two cores shared with other suites, a page of mocked
// requests and a toast once took longer than a second (the history export test). What they wait for is unchanged.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// The files of a worker share its window and packages (`isolate: false` in vitest.config.ts): each file leaves them as
// a fresh worker would find them.
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // sonner keeps its toasts in the package: one left open would show in the next file's first Toaster.
  sonner.dismiss();
  // A toast replaced or dismissed in a file's last moments leaves on a timer that outlives the file.
  await toastsSettled();
  document.body.innerHTML = '';
  document.title = '';
  // The next file imports the app's modules afresh: no module state carries over, and its `vi.mock` calls apply to them.
  vi.resetModules();
});
