import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, one `npm test`:
 * - unit: pure logic in shared/ and server/, no I/O beyond the process;
 * - web: React components in happy-dom;
 * - integration (`*.int.test.ts`): real PostgreSQL, embedded or TEST_DATABASE_URL (see test/global-setup.ts).
 */
export default defineConfig({
  test: {
    // Three files at once on two cores: most of an integration file's time is waiting (PostgreSQL, timers, child
    // processes), and each has a database of its own; the web's CPU-bound files fill the gaps (docs/testing.md). One
    // setting for every project, since projects with different ones would run one after the other.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'tools/**/*.test.ts', 'bin/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          environment: 'node',
          // No module mocks here, so files share a worker's imported modules instead of importing the server afresh.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/web-setup.ts'],
          // A worker keeps its happy-dom window and the packages it imported (React, Radix, testing-library) from one file
          // to the next: creating and importing them afresh was over half the project's CPU time. The app's own modules
          // are still imported afresh for every file, and what a file leaves behind (timers, stubbed globals) is undone
          // after it, in test/web-setup.ts. A file that mocks a module with `vi.mock` must `vi.doUnmock` it in `afterAll`.
          isolate: false,
          // Typing through user-event in happy-dom takes seconds per form on two busy cores; 5 s made long forms flaky.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Each file builds its own app and database; importing the server afresh per file (isolation) cost several
          // seconds of CPU per file. Process-wide state (the metrics registry) is compared before and after.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
