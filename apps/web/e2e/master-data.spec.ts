import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

const csv = (text: string) => ({ name: 'kostenstellen.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test('cost centres: create, a duplicate code is refused on its field, CSV import with column mapping, delete', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const code = `E2E${id}`.slice(0, 20);
  await page.goto('/demo/settings/cost-centers');

  await page.getByRole('button', { name: 'New' }).click();
  let dialog = page.getByRole('dialog', { name: 'New cost centre' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Name').fill('Vertrieb Süd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cost centre saved.')).toBeVisible();
  await expect(page.getByTestId('master-data-row').filter({ hasText: code })).toHaveCount(1);

  await page.getByRole('button', { name: 'New' }).click();
  dialog = page.getByRole('dialog', { name: 'New cost centre' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(`An entry with the code ${code} already exists.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Unknown headers: nothing can be pre-selected, and the upload is blocked until the required columns are mapped.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  dialog = page.getByRole('dialog', { name: 'Import cost centres' });
  // A spreadsheet is named before it travels; the field speaks the app's language, not the browser's.
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'konten.xlsx', mimeType: 'application/zip', buffer: Buffer.from('PK') });
  await expect(dialog.getByText('konten.xlsx is not a CSV file.')).toBeVisible();
  await expect(dialog.getByTestId('chosen-file-name')).toHaveText('No file chosen');
  await dialog.getByLabel('CSV file').setInputFiles(csv(`Foo;Bar\nN${id};Neu\n`));
  await expect(dialog.getByTestId('chosen-file-name')).toHaveText('kostenstellen.csv');
  await expect(dialog.getByText('konten.xlsx is not a CSV file.')).toBeHidden();
  await expect(dialog.getByText('All required columns must be mapped: Code, Type.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.locator('#import-column-code').click();
  await page.getByRole('option', { name: 'Foo' }).click();
  await dialog.locator('#import-cost-center-type').click();
  await page.getByRole('option', { name: 'KOST2 (cost object)' }).click();
  await expect(dialog.getByText(/All required columns must be mapped/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Known German headers are pre-mapped; existing and repeated codes are skipped with their reason.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  dialog = page.getByRole('dialog', { name: 'Import cost centres' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(csv(`Nummer;Bezeichnung;Art\n${code};Schon da;1\nN${id};Neu;1\nN${id};Doppelt;1\n`));
  await expect(dialog.locator('#import-column-code')).toContainText('Nummer');
  await expect(dialog.locator('#import-column-type')).toContainText('Art');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('1 entry created.');
  await expect(result).toContainText('2 rows skipped:');
  await expect(result.getByRole('row').filter({ hasText: code })).toContainText('already exists');
  await expect(result.getByRole('row').filter({ hasText: 'appears more than once' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('master-data-row').filter({ hasText: `N${id}` })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${code}` }).click();
  dialog = page.getByRole('dialog', { name: new RegExp(`Delete ${code}`) });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${code} Vertrieb Süd deleted.`)).toBeVisible();
  await expect(page.getByTestId('master-data-row').filter({ hasText: code })).toHaveCount(0);
});

test('system tax keys are locked except their external code', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/tax-codes');
  const row = page.getByTestId('master-data-row').filter({ hasText: 'PUR_STD' });
  await expect(row.getByText('System')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete PUR_STD' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Edit PUR_STD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit PUR_STD' });
  await expect(dialog.getByText('System tax key: locked, only the external code can be changed.')).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  await dialog.getByLabel('External code').fill('9');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tax key saved.')).toBeVisible();
  await expect(row.getByRole('cell', { name: '9', exact: true })).toBeVisible();

  // Leave the shared demo data as it was.
  await row.getByRole('button', { name: 'Edit PUR_STD' }).click();
  await page.getByRole('dialog', { name: 'Edit PUR_STD' }).getByLabel('External code').fill('');
  await page.getByRole('dialog', { name: 'Edit PUR_STD' }).getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('cell', { name: '9', exact: true })).toHaveCount(0);
});

test('a bank account with an invalid IBAN is refused with its message', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/bank-accounts');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bank account' });
  await dialog.getByLabel('Name').fill('Testkonto');
  await dialog.getByLabel('IBAN').fill('DE00 1234 5678 9012 3456 78');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid IBAN.')).toBeVisible();
});
