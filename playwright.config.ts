import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from './e2e/chromium';

/**
 * End-to-end journeys in Debian's Chromium (no browser download) against a real server that e2e/global-setup.ts
 * starts on a free port with its own temporary data directory and embedded PostgreSQL.
 */
const chromium = { executablePath: chromiumExecutablePath, args: chromiumArgs };

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed journey keeps its trace, with a DOM snapshot at every step, and a screenshot of where it stopped. The
    // trace's screencast (JPEG frames recorded for every journey, failed or not) cost over a tenth of the suite's time
    // on two cores, so it is left out.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // `*.desktop.spec.ts` and `*.mobile.spec.ts` hold journeys that only exist at one width (header vs drawer).
    { name: 'desktop', testIgnore: /\.mobile\.spec\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'mobile', testIgnore: /\.desktop\.spec\.ts$/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
});
