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
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/web-setup.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
