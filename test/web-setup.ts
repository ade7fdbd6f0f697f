import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { toastsSettled } from '../src/web/lib/toast';

// `findBy…` and `waitFor` wait up to 5 s rather than 1 s: on two cores shared with other suites, a page of mocked
// requests and a toast once took longer than a second (the history export test). What they wait for is unchanged.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// A toast replaced or dismissed in a file's last moments leaves on a timer that outlives the file's environment.
afterAll(() => toastsSettled());
