import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('the counterparty list exports what it shows, with the bank accounts the table has no room for', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  await createCounterparty(page.request, {
    name: `Exportpartner ${id} GmbH`,
    city: 'Graz',
    country: 'AT',
    bankAccounts: [{ name: 'Hausbank', iban: 'AT611904300234573201', bic: 'BKAUATWW' }],
  });

  await page.goto(`/demo/counterparties?search=${id}`);
  await expect(page.getByTestId('counterparty-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Export' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Counterparties-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('1 counterparty exported.')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
  const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
  expect(sheet.rowCount).toBe(2);
  expect(cell('Name')).toBe(`Exportpartner ${id} GmbH`);
  expect(cell('City')).toBe('Graz');
  expect(cell('Bank accounts (IBAN)')).toBe('Hausbank: AT611904300234573201');
  expect(cell('Verification')).toBe('Not verified');
});
