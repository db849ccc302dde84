import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('create a counterparty with a bank account; an invalid IBAN shows its message first', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const name = `Holzbau Krämer ${runId()} GmbH`;
  await page.goto('/demo/counterparties');
  await page.getByRole('link', { name: 'New counterparty' }).click();
  await expect(page).toHaveURL(/\/demo\/counterparties\/new$/);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('VAT number').fill('DE129273398');
  await page.getByLabel('City').fill('Regensburg');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  const account = page.getByRole('group', { name: 'Bank account 1' });
  await account.getByLabel('Account name').fill('Hausbank');
  await account.getByLabel('IBAN').fill('DE00 1234');
  await expect(account.getByText('Please enter a valid IBAN.')).toBeVisible();
  await account.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await expect(account.getByText('Please enter a valid IBAN.')).toBeHidden();

  await page.getByRole('button', { name: 'Create counterparty' }).click();
  await expect(page.getByText(`${name} was created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/counterparties\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByTestId('counterparty-bank-account')).toContainText('DE89 3704 0044 0532 0130 00');

  // It is in the list, found by its name.
  await page.goto('/demo/counterparties');
  await page.getByRole('searchbox', { name: 'Search counterparties' }).fill(name);
  await expect(page.getByTestId('counterparty-row').filter({ hasText: name })).toHaveCount(1);
});
