import { expect, test } from '@playwright/test';
import { runId, tinyPdf } from './invoice-fixtures';
import { DEMO_ADMIN, orgSwitcher, signIn, withDatabase } from './support';

const invoicesNamed = (fileName: string) =>
  withDatabase(async (client) => {
    const result = await client.query<{ slug: string }>(
      `select o.slug from invoice_files f join organizations o on o.id = f.organization_id where f.file_name = $1`,
      [fileName],
    );
    return result.rows.map((row) => row.slug);
  });

// Issue 55 item 1: two tabs, two organisations. What the Demo tab sends after the other tab moved
// the session to Muster AG is refused; nothing lands in Muster AG, and the tab comes back to Demo.
test('an upload from a tab still showing Demo GmbH after another tab switched to Muster AG is refused', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(orgSwitcher(page)).toContainText('Demo GmbH');

  const other = await page.context().newPage();
  await other.goto('/demo/invoices/new');
  await orgSwitcher(other).click();
  await other.getByRole('menuitemradio', { name: /Muster AG/ }).click();
  await expect(other).toHaveURL(/\/muster\/invoices\/new$/);

  const file = await tinyPdf(`zwei-tabs-${runId()}.pdf`);
  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog.getByLabel('Choose files').setInputFiles([file]);
  const row = dialog.getByTestId('upload-file').filter({ hasText: file.name });
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(dialog).toContainText('You are now working in another organisation');
  expect(await invoicesNamed(file.name)).toEqual([]);

  // The stale tab reloads into the organisation its address names, and works there again.
  await expect(orgSwitcher(page)).toContainText('Demo GmbH', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/demo\/invoices\/new$/);
});
