import { expect, test, type Locator } from '@playwright/test';
import { signInWindowOfWidth } from './support';

/** How far the tab sticks out of the row's visible part, in whole pixels (0: fully in view). */
function outsideOfRow(tab: Locator): Promise<number> {
  return tab.evaluate((element) => {
    const row = element.closest('[role="tablist"]')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return Math.round(Math.max(0, row.left - box.left) + Math.max(0, box.right - row.right));
  });
}

/** Which ends of the row hide tabs, and whether the row is masked (faded) at all. */
const fadedEnds = (row: Locator) =>
  row.evaluate((element) => ({
    start: element.hasAttribute('data-hidden-start'),
    end: element.hasAttribute('data-hidden-end'),
    isMasked: getComputedStyle(element).maskImage.startsWith('linear-gradient'),
  }));

test('a settings tab row wider than the screen keeps the active tab in view and fades where tabs are hidden', async ({
  browser,
}) => {
  const page = await signInWindowOfWidth(browser, 1024);
  await page.goto('/demo/settings/export');
  const row = page.getByRole('tablist', { name: 'Settings sections' });
  const lastTab = row.getByRole('tab', { name: 'Export' });
  await expect(lastTab).toHaveAttribute('aria-selected', 'true');
  // The last tab is active: the row has scrolled to it, and fades at its start only.
  await expect.poll(() => outsideOfRow(lastTab)).toBe(0);
  await expect.poll(() => fadedEnds(row)).toEqual({ start: true, end: false, isMasked: true });
  expect(await outsideOfRow(row.getByRole('tab', { name: 'General' }))).toBeGreaterThan(0);

  await row.getByRole('tab', { name: 'General' }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/general$/);
  await expect.poll(() => outsideOfRow(row.getByRole('tab', { name: 'General' }))).toBe(0);
  await expect.poll(() => fadedEnds(row)).toEqual({ start: false, end: true, isMasked: true });
  await page.context().close();
});
