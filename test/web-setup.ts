import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { toastsSettled } from '../src/web/lib/toast';

afterEach(() => {
  cleanup();
});

// A toast replaced or dismissed in a file's last moments leaves on a timer that outlives the file's environment.
afterAll(() => toastsSettled());
