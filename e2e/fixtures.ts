import { test as base, expect } from '@playwright/test';

const failedResourcePattern = /^Failed to load resource: the server responded with a status of (\d{3})/;

export interface BrowserErrors {
  /**
   * Declares an HTTP error the journey provokes on purpose (a wrong password, a spent link): Chromium logs every
   * failed response to the console, and only the declared ones may appear.
   */
  expectFailedResponse(status: number): void;
}

/**
 * Every journey fails on a console error or an uncaught exception in the page: a user would not see them, but
 * they are bugs all the same.
 */
export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const expectedStatuses: number[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const status = failedResourcePattern.exec(message.text())?.[1];
        const expected = status === undefined ? -1 : expectedStatuses.indexOf(Number(status));
        if (expected >= 0) expectedStatuses.splice(expected, 1);
        else errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
      await use({ expectFailedResponse: (status) => expectedStatuses.push(status) });
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
