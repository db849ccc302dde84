import { expect, test, type Page } from '@playwright/test';
import { createCounterparty } from './counterparty-fixtures';
import { openInvoice } from './invoice-detail-support';
import { runId, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { signInWindowOfWidth } from './support';

/** How many pixels the screen's content is wider than its place: 0 when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Math.max(main.scrollWidth - main.clientWidth, document.documentElement.scrollWidth - window.innerWidth);
  });
}

test('in a 1024 px window the invoice detail, a counterparty and the payments fit: nothing scrolls sideways', async ({
  browser,
}) => {
  const page = await signInWindowOfWidth(browser, 1024);

  // The form's debit account select names a long bank account; the skonto fields stand three abreast.
  const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`narrow-${runId()}.pdf`));
  await openInvoice(page, invoiceId);
  await expect(page.getByLabel('Debit account')).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);

  // A bank account's verification actions sit in the narrower of two cards.
  const counterparty = await createCounterparty(page.request, {
    name: `Schmalfenster ${runId()} GmbH`,
    bankAccounts: [{ name: 'Hausbank', iban: 'DE89370400440532013000', bic: null }],
  });
  await page.goto(`/demo/counterparties/${counterparty.id}`);
  await expect(page.getByRole('button', { name: 'Request executive verification' })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);

  // Three header actions, wider together than the screen: they wrap.
  await page.goto('/demo/transactions');
  await expect(page.getByRole('button', { name: 'New payment' })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  await page.context().close();
});
