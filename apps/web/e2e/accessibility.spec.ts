import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

/**
 * axe-core over the main screens, signed out and signed in: no serious or critical violation
 * (names of controls, ARIA, contrast, links told apart by more than colour). Minor findings are
 * left to review; these are the ones a screen-reader or low-vision user runs into.
 */

const SIGNED_IN_SCREENS = [
  '/demo/invoices/new',
  '/demo/transactions',
  '/demo/pr',
  '/demo/counterparties',
  '/demo/counterparties/new',
  '/demo/settings/general',
  '/demo/settings/approval-flows/detail',
  '/demo/settings/cost-centers',
  '/demo/settings/payment-reminders',
];

async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the welcome page and the main screens have no serious accessibility violations', async ({ page, browser }) => {
  const signedOut = await browser.newContext({ locale: 'de-DE' });
  const welcome = await signedOut.newPage();
  await welcome.goto('/');
  expect(await seriousViolations(welcome), '/').toEqual([]);
  await signedOut.close();

  await signIn(page, DEMO_ADMIN);
  for (const path of SIGNED_IN_SCREENS) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // A record's detail: the first counterparty, with its invoice tabs.
  await page.goto('/demo/counterparties');
  await page.getByRole('link', { name: 'Alpen IT-Service GmbH' }).click();
  await expect(page).toHaveURL(/\/demo\/counterparties\/[0-9a-f-]{36}$/);
  expect(await seriousViolations(page), 'counterparty detail').toEqual([]);
});
