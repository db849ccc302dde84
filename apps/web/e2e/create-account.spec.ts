import { expect, test } from '@playwright/test';

test('a newcomer creates an account, names the company and lands on the new invoices', async ({ page }) => {
  const email = `founder-${Date.now()}@example.com`;
  await page.goto('/');
  await expect(page).toHaveTitle(/Welcome/);
  await page.getByRole('button', { name: 'Create account' }).click();

  // The built-in provider's sign-up page.
  await page.getByLabel('Name').fill('Frieda Founder');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a very long password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Company name').fill('Gründerzeit Möbel GmbH');
  await page.getByRole('button', { name: 'Create organisation' }).click();

  await expect(page).toHaveURL(/\/gruenderzeit-moebel-gmbh\/invoices\/new$/);
  await expect(page.getByTestId('org-switcher').first()).toContainText('Gründerzeit Möbel GmbH');
  await expect(page.getByText('Gründerzeit Möbel GmbH is ready.')).toBeVisible();
});
