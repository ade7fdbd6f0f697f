import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ signedInAs: 'member' });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a toast comes to rest once it has slid in. */
async function restingBox(toast: Locator): Promise<Box> {
  let previous: Box | null = null;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      const settled = box !== null && JSON.stringify(box) === JSON.stringify(previous);
      previous = box;
      return settled;
    })
    .toBe(true);
  return previous as unknown as Box;
}

for (const width of [390, 1366]) {
  test(`at ${width} px a notification leaves the header, its menu button and the tables' row actions uncovered`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/dashboard/settings?tab=notifications');
    // Saving the preferences as they are: a notification, and nothing about the shared account changes.
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Notification settings saved' });
    await expect(toast).toBeVisible();
    const toastBox = await restingBox(toast);

    const header = page.getByRole('banner');
    const headerBox = await header.boundingBox();
    expect(headerBox).not.toBeNull();
    expect(overlaps(toastBox, headerBox as Box), `toast ${JSON.stringify(toastBox)} over the header ${JSON.stringify(headerBox)}`).toBe(
      false,
    );
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    if (await menuButton.isVisible()) {
      const menuBox = (await menuButton.boundingBox()) as Box;
      expect(overlaps(toastBox, menuBox), 'toast over the menu button').toBe(false);
    } else {
      // A wide screen: the tables' row actions are their last column, at the right; the toast keeps to the left.
      expect(toastBox.x + toastBox.width, `toast ${JSON.stringify(toastBox)} reaching the right half`).toBeLessThan(width / 2);
    }
  });
}
