import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { runId, setInvoiceFields, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('the overview exports what it lists: the search narrows the workbook, amounts and dates are real cells, a toast counts the rows', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  for (const [index, amount] of [123_456, 7_890].entries()) {
    const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`export-${id}-${index}.pdf`));
    await setInvoiceFields(invoiceId, {
      invoiceNumber: `EX-${id}-${index}`,
      counterpartyName: `Exporttest ${id} GmbH`,
      totalAmount: amount,
    });
  }

  await page.goto(`/demo/invoices/new?search=${encodeURIComponent(`Exporttest ${id}`)}&sort=totalAmount&direction=desc`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Invoices-New-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('2 invoices exported.')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
  const column = (name: string) => header.indexOf(name) + 1;
  expect(sheet.rowCount).toBe(3);
  // The overview's order (total amount, highest first) and typed cells.
  expect(sheet.getRow(2).getCell(column('Invoice number')).value).toBe(`EX-${id}-0`);
  expect(sheet.getRow(2).getCell(column('Total amount')).value).toBe(1234.56);
  expect(sheet.getRow(3).getCell(column('Total amount')).value).toBe(78.9);
  expect(sheet.getRow(2).getCell(column('Status')).value).toBe('New');
  expect(sheet.getRow(2).getCell(column('Uploaded on')).value).toBeInstanceOf(Date);

  // CSV from the same menu: the header names the columns, one line per invoice.
  await page.getByRole('button', { name: 'Export' }).click();
  const csvPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file (.csv)' }).click();
  const csv = await readFile(await (await csvPromise).path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain('Invoice number');
  expect(lines[1]).toContain(`EX-${id}-0`);
  expect(lines[1]).toContain('1234.56');
});
