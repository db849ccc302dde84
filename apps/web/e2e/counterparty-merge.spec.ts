import { expect, test } from '@playwright/test';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('merge two counterparties from the list, keeping one value of the merged one', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const survivorName = `Papierhaus ${id} GmbH`;
  const mergedName = `Papierhaus ${id}`;
  const survivor = await createCounterparty(page.request, {
    name: survivorName,
    city: 'Köln',
    bankAccounts: [{ name: 'Hausbank', iban: 'DE89370400440532013000', bic: null }],
  });
  await createCounterparty(page.request, {
    name: mergedName,
    city: 'Bonn',
    email: `info-${id}@papierhaus.test`,
    bankAccounts: [{ name: 'Sparkasse', iban: 'DE02120300000000202051', bic: null }],
  });

  await page.goto('/demo/counterparties');
  await page.getByRole('searchbox', { name: 'Search counterparties' }).fill(`Papierhaus ${id}`);
  await expect(page.getByTestId('counterparty-row')).toHaveCount(2);
  const mergeButton = page.getByRole('button', { name: 'Merge', exact: true });
  await expect(mergeButton).toBeDisabled();
  await expect(page.getByText('Select exactly 2 counterparties to merge them.')).toBeVisible();

  // The first one selected is proposed as the one that stays.
  await page.getByRole('checkbox', { name: `Select ${survivorName}`, exact: true }).click();
  await expect(mergeButton).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${mergedName}`, exact: true }).click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await mergeButton.click();

  const dialog = page.getByRole('dialog', { name: 'Merge counterparties' });
  await expect(dialog.getByTestId('merge-field-table')).toContainText(survivorName);
  await expect(dialog.getByTestId('merge-moves')).toContainText('1 bank account');
  // The city differs: keep the merged one's; the e-mail the survivor lacks comes along by default.
  await expect(dialog.getByTestId('merge-city-survivor')).toBeChecked();
  await dialog.getByTestId('merge-city-merged').click();
  await expect(dialog.getByTestId('merge-city-merged')).toBeChecked();
  await expect(dialog.getByTestId('merge-email-merged')).toBeChecked();
  await dialog.getByRole('button', { name: `Merge into ${survivorName}` }).click();

  await expect(page.getByText(`${mergedName} was merged into ${survivorName}.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/demo/counterparties/${survivor.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(survivorName);
  const data = page.getByRole('region', { name: 'Data' });
  await expect(data).toContainText('Bonn');
  await expect(data).toContainText(`info-${id}@papierhaus.test`);
  await expect(page.getByTestId('counterparty-bank-account')).toHaveCount(2);

  // The merged one is gone from the list.
  await page.goto('/demo/counterparties');
  await page.getByRole('searchbox', { name: 'Search counterparties' }).fill(`Papierhaus ${id}`);
  await expect(page.getByTestId('counterparty-row')).toHaveCount(1);
  await expect(page.getByTestId('counterparty-row')).toContainText(survivorName);
});
