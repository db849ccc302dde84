import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('executive verification: the admin names himself as verifier, approves, and the badge shows approved', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const name = `Geschäftsleitung ${runId()} GmbH`;

  await page.goto('/demo/counterparties/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add bank account' }).click();
  const accountForm = page.getByRole('group', { name: 'Bank account 1' });
  await accountForm.getByLabel('Account name').fill('Hausbank');
  await accountForm.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Create counterparty' }).click();
  await expect(page).toHaveURL(/\/demo\/counterparties\/[0-9a-f-]{36}$/);

  const account = page.getByTestId('counterparty-bank-account').filter({ hasText: 'Hausbank' });
  const badge = account.getByTestId('executive-verification-status');
  await expect(badge).toHaveText('Not requested');

  await account.getByRole('button', { name: 'Request executive verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request executive verification' });
  await expect(dialog).toContainText('DE89 3704 0044 0532 0130 00');
  // Sending without a verifier says what is missing, as the server would.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('A verifier must be selected.')).toBeVisible();
  await dialog.getByLabel(/Anna Admin/).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Verification requested from 1 verifier.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveText('Request sent · 0 of 1 approved');

  await account.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('You approved the bank account.')).toBeVisible();
  await expect(badge).toHaveText('Approved · 1 of 1');
  await expect(account.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The verifier was asked by e-mail (local mailbox page).
  await page.goto(`/mailbox?to=${encodeURIComponent(DEMO_ADMIN)}`);
  await expect(page.getByRole('link', { name: new RegExp(`Please verify: bank account of ${name}`) }).first()).toBeVisible();
});
