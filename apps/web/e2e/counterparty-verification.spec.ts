import { expect, test, type Browser, type Page } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

const HAUSBANK_IBAN = 'DE89 3704 0044 0532 0130 00';
const SECOND_IBAN = 'DE02 1203 0000 0000 2020 51';

/** Opens the local mailbox as a person would, opens the newest mail to `to`, and returns the link in it. */
async function linkFromMailbox(page: Page, to: string, previousLinks: string[] = []): Promise<string> {
  let link = '';
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(to)}`);
    await page
      .getByRole('link', { name: /Bankverbindung/ })
      .first()
      .click();
    const text = (await page.locator('pre').first().textContent()) ?? '';
    link = /https?:\/\/\S+\/verify-bank-account\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(previousLinks).not.toContain(link);
  }).toPass({ timeout: 15_000 });
  return link;
}

/** The counterparty's side: a browser without any session, confirming `iban` on the public page. */
async function confirmAsCounterparty(browser: Browser, link: string, counterpartyName: string, iban: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your bank account' })).toBeVisible();
  await expect(page.getByTestId('verification-intro')).toContainText(counterpartyName);
  await expect(page.getByTestId('verification-intro')).toContainText('Demo');
  // Never shows the IBAN we hold.
  await expect(page.getByText(HAUSBANK_IBAN)).toHaveCount(0);
  await page.getByLabel('IBAN', { exact: true }).fill(iban);
  await page.getByLabel('Repeat the IBAN').fill(iban);
  await page.getByRole('button', { name: 'Confirm bank account' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('We received your confirmation.')).toBeVisible();
  // Single use: opening the link again says so.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await context.close();
}

test('verify bank accounts by e-mail: a confirmed IBAN matches, another IBAN raises the mismatch alert', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const name = `Verifikation ${id} GmbH`;
  const email = `zahlungen-${id}@lieferant.example`;

  await page.goto('/demo/counterparties/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  for (const [index, [accountName, iban]] of [
    ['Hausbank', HAUSBANK_IBAN],
    ['Zweitkonto', SECOND_IBAN],
  ].entries()) {
    await page.getByRole('button', { name: 'Add bank account' }).click();
    const account = page.getByRole('group', { name: `Bank account ${index + 1}` });
    await account.getByLabel('Account name').fill(accountName!);
    await account.getByLabel('IBAN').fill(iban!);
  }
  await page.getByRole('button', { name: 'Create counterparty' }).click();
  await expect(page).toHaveURL(/\/demo\/counterparties\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  const hausbank = page.getByTestId('counterparty-bank-account').filter({ hasText: 'Hausbank' });
  const second = page.getByTestId('counterparty-bank-account').filter({ hasText: 'Zweitkonto' });
  await expect(hausbank.getByTestId('email-verification-status')).toHaveText('Not verified');

  // 1. The same IBAN confirmed → completed, match.
  await hausbank.getByRole('button', { name: 'Verify by e-mail' }).click();
  await expect(page.getByText(`Verification e-mail sent to ${email}.`)).toBeVisible();
  // Delivered into the local mailbox a second or so later: received.
  await expect(hausbank.getByTestId('email-verification-status')).toHaveText(/^Invitation (sent|received)$/);
  const firstLink = await linkFromMailbox(page, email);
  await expect(async () => {
    await page.goto(detailUrl);
    await expect(hausbank.getByTestId('email-verification-status')).toHaveText('Invitation received', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await confirmAsCounterparty(browser, firstLink, name, HAUSBANK_IBAN);

  await page.goto(detailUrl);
  await expect(hausbank.getByTestId('email-verification-status')).toHaveText('Completed – IBAN matches');
  await expect(page.getByTestId('email-verification-mismatch')).toHaveCount(0);

  // 2. The second account confirmed with another IBAN → mismatch, loud at the top.
  await second.getByRole('button', { name: 'Verify by e-mail' }).click();
  await expect(page.getByText(`Verification e-mail sent to ${email}.`)).toBeVisible();
  const secondLink = await linkFromMailbox(page, email, [firstLink]);
  await confirmAsCounterparty(browser, secondLink, name, HAUSBANK_IBAN);

  await page.goto(detailUrl);
  await expect(second.getByTestId('email-verification-status')).toHaveText('Completed – IBAN mismatch');
  const alert = page.getByTestId('email-verification-mismatch');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`The counterparty confirmed a different IBAN: ${HAUSBANK_IBAN}`);
  await expect(alert).toContainText(SECOND_IBAN);
  await expect(hausbank.getByTestId('email-verification-status')).toHaveText('Completed – IBAN matches');
});
