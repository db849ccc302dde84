import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('counterparty import: map a column the aliases do not know, preview, start, per-row result with the reason, found again after closing', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const good = `E2E Import ${id} Eins GmbH`;
  const bad = `E2E Import ${id} Zwei GmbH`;
  // Its own name, so that the recent imports show this run's import and no earlier one.
  const fileName = `partner-${id}.csv`;
  // "Firmenbezeichnung" is no alias of the name column; IBAN and Ort are pre-selected.
  const csv = `Firmenbezeichnung;IBAN;Ort\n${good};DE89 3704 0044 0532 0130 00;München\n${bad};DE00 1234;Hamburg\n`;

  await page.goto('/demo/counterparties');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import counterparties' });

  // A wrong file type is refused before it is uploaded.
  await dialog
    .getByLabel('CSV or Excel file')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(dialog.getByText('notes.pdf is neither a CSV nor an .xlsx file.')).toBeVisible();

  await dialog
    .getByLabel('CSV or Excel file')
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
  await expect(dialog.getByText(`${fileName}: 2 rows to import.`)).toBeVisible();
  await expect(dialog.locator('#import-column-iban')).toContainText('IBAN');
  await expect(dialog.locator('#import-column-city')).toContainText('Ort');
  await expect(dialog.getByText('All required columns must be mapped: Name.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start import' })).toBeDisabled();
  // The preview shows the file as read, Windows-1252 umlauts included.
  const preview = dialog.getByTestId('import-preview');
  await expect(preview.getByRole('row').filter({ hasText: good })).toContainText('München');

  await dialog.locator('#import-column-name').click();
  await page.getByRole('option', { name: 'Firmenbezeichnung' }).click();
  await expect(dialog.getByText(/All required columns must be mapped/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Start import' }).click();

  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('1 counterparty created.', { timeout: 30_000 });
  await expect(result).toContainText('1 row not created.');
  await expect(result).toContainText('Some or all counterparties could not be created.');
  const skipped = result.getByTestId('import-skipped-row');
  await expect(skipped).toHaveCount(1);
  await expect(skipped).toContainText('2');
  await expect(skipped).toContainText(bad);
  await expect(skipped).toContainText('IBAN: Please enter a valid IBAN.');
  await expect(page.getByText('Import finished: some or all counterparties could not be created.')).toBeVisible();

  const download = page.waitForEvent('download');
  await result.getByRole('link', { name: 'Download result (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`partner-${id}-result.csv`);

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search counterparties').fill(`E2E Import ${id}`);
  await expect(page.getByRole('link', { name: good })).toBeVisible();
  await expect(page.getByText(bad)).toHaveCount(0);

  // Closing the dialog forgets the import on screen; the recent imports lead back to its result.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const recent = dialog.getByTestId('import-recent');
  await expect(recent.getByRole('heading', { name: 'Recent imports' })).toBeVisible();
  const entry = recent.getByTestId('import-recent-item').filter({ hasText: fileName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('1 created, 1 not created');
  await expect(entry).toContainText('Done');
  await entry.getByRole('button', { name: `Show result: ${fileName}` }).click();

  const reopened = dialog.getByTestId('import-result');
  await expect(reopened).toContainText('1 counterparty created.');
  await expect(reopened).toContainText('1 row not created.');
  const reopenedSkipped = reopened.getByTestId('import-skipped-row');
  await expect(reopenedSkipped).toHaveCount(1);
  await expect(reopenedSkipped).toContainText(bad);
  await expect(reopenedSkipped).toContainText('IBAN: Please enter a valid IBAN.');
  await expect(reopened.getByRole('link', { name: 'Download result (CSV)' })).toHaveAttribute(
    'href',
    /\/api\/counterparties\/imports\/[0-9a-f-]{36}\/result\.csv$/,
  );

  await dialog.getByRole('button', { name: 'Back to imports' }).click();
  await expect(entry).toBeVisible();
});
