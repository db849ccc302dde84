import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, orgSwitcher, signIn } from './support';

test('the demo admin switches from Demo GmbH to Muster AG: URL and data change', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(orgSwitcher(page)).toContainText('Demo GmbH');
  await page.goto('/demo/settings/billing');
  await expect(page.getByRole('heading', { name: 'Growth', exact: false }).first()).toBeVisible();

  await orgSwitcher(page).click();
  await page.getByRole('menuitemradio', { name: /Muster AG/ }).click();

  await expect(page).toHaveURL(/\/muster\/invoices\/new$/);
  await expect(orgSwitcher(page)).toContainText('Muster AG');
  await page.goto('/muster/settings/general');
  await expect(page.getByLabel('Company name')).toHaveValue('Muster AG');
  await page.goto('/muster/settings/billing');
  await expect(page.getByRole('heading', { name: 'Professional', exact: false }).first()).toBeVisible();
});
