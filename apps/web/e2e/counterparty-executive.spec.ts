import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage } from './support';

// Four eyes: whoever requests the verification is not offered as verifier and cannot decide it.
test('executive verification: the admin names the clerk, the clerk approves, and the badge shows approved', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const name = `Geschäftsleitung ${runId()} GmbH`;

  await admin.goto('/demo/counterparties/new');
  await admin.getByLabel('Name', { exact: true }).fill(name);
  await admin.getByRole('button', { name: 'Add bank account' }).click();
  const accountForm = admin.getByRole('group', { name: 'Bank account 1' });
  await accountForm.getByLabel('Account name').fill('Hausbank');
  await accountForm.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await admin.getByRole('button', { name: 'Create counterparty' }).click();
  await expect(admin).toHaveURL(/\/demo\/counterparties\/[0-9a-f-]{36}$/);
  const detailUrl = admin.url();

  const account = admin.getByTestId('counterparty-bank-account').filter({ hasText: 'Hausbank' });
  const badge = account.getByTestId('executive-verification-status');
  await expect(badge).toHaveText('Not requested');

  await account.getByRole('button', { name: 'Request executive verification' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Request executive verification' });
  await expect(dialog).toContainText('DE89 3704 0044 0532 0130 00');
  // Sending without a verifier says what is missing, as the server would.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('A verifier must be selected.')).toBeVisible();
  // The requester is not among the verifiers to pick.
  await expect(dialog.getByLabel(/Carl Clerk/)).toBeVisible();
  await expect(dialog.getByLabel(/Anna Admin/)).toHaveCount(0);
  await dialog.getByLabel(/Carl Clerk/).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(admin.getByText('Verification requested from 1 verifier.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveText('Request sent · 0 of 1 approved');
  // The requester cannot decide their own request.
  await expect(account.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const clerk = await signedInPage(browser, DEMO_CLERK);
  await clerk.goto(detailUrl);
  const clerkAccount = clerk.getByTestId('counterparty-bank-account').filter({ hasText: 'Hausbank' });
  await clerkAccount.getByRole('button', { name: 'Approve' }).click();
  await expect(clerk.getByText('You approved the bank account.')).toBeVisible();
  await expect(clerkAccount.getByTestId('executive-verification-status')).toHaveText('Approved · 1 of 1');
  await expect(clerkAccount.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The admin sees the decision (the list is read again when the tab comes back into focus).
  await admin.reload();
  await expect(badge).toHaveText('Approved · 1 of 1');

  // The verifier was asked by e-mail (local mailbox page).
  await admin.goto(`/mailbox?to=${encodeURIComponent(DEMO_CLERK)}`);
  await expect(admin.getByRole('link', { name: new RegExp(`Please verify: bank account of ${name}`) }).first()).toBeVisible();

  await clerk.context().close();
  await admin.context().close();
});
