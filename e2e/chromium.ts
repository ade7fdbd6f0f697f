/**
 * Debian's Chromium (no browser download), shared by the Playwright journeys and the Lighthouse audit
 * (`npm run lighthouse`) so both drive the same browser the same way.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// This machine has no network beyond loopback: keep Chromium from calling home at every start.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
