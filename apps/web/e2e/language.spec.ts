import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

test('switching to Deutsch turns the shell German and keeps it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const navigation = page.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Invoices', exact: true })).toBeVisible();

  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(navigation.getByRole('link', { name: 'Rechnungen', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Rechnungen/);
  await page.reload();
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Rechnungen', exact: true })).toBeVisible();
});

test('the welcome page speaks the browser language, down to the demo accounts and the toast area', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('cell', { name: 'Benutzer in Demo GmbH: Eingangsrechnungen verwalten' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Administrator in Demo GmbH\s*Administrator in Muster AG$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Benachrichtigungen/ })).toBeAttached();
  await context.close();
});
