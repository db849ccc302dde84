import { expect, test, type Locator } from '@playwright/test';
import { signInWindowOfWidth } from './support';

/** How far the tab sticks out of the visible part of its row, in whole pixels (0: fully in view). */
function outsideOfRow(tab: Locator): Promise<number> {
  return tab.evaluate((element) => {
    const row = element.closest('[role="tablist"]')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return Math.round(Math.max(0, row.left - box.left) + Math.max(0, box.right - row.right));
  });
}

for (const width of [1024, 1280, 1440]) {
  test(`at ${width} px every settings tab is in view: the row wraps instead of hiding the last tabs`, async ({ browser }) => {
    const page = await signInWindowOfWidth(browser, width);
    await page.goto('/demo/settings/general');
    const row = page.getByRole('tablist', { name: 'Settings sections' });
    const tabs = row.getByRole('tab');
    await expect(tabs.last()).toBeVisible();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(10);
    for (let index = 0; index < count; index += 1) {
      const tab = tabs.nth(index);
      expect(await outsideOfRow(tab), await tab.innerText()).toBe(0);
      await expect(tab).toBeInViewport();
    }
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

    const last = tabs.nth(count - 1);
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(page).not.toHaveURL(/\/settings\/general$/);
    await page.context().close();
  });
}
