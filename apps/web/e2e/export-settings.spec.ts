import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

/** Issue 41: an admin enters the accountant's numbers in Settings › Export; wrong ones are named, a stale save is refused. */
test('an admin saves the DATEV numbers and the default format; a wrong number and a stale save lose nothing', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/export');
  const form = page.getByTestId('export-settings-form');
  await expect(form.getByRole('heading', { name: 'DATEV' })).toBeVisible();

  await form.getByLabel('DATEV consultant number').fill('12');
  await form.getByLabel('DATEV client number').fill('55003');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('A DATEV consultant number has 4 to 7 digits (1001–9999999).')).toBeVisible();

  await form.getByLabel('DATEV consultant number').fill('29098');
  await form.getByRole('radio', { name: 'BMD' }).check();
  await form.getByLabel('Symbol for invoices').fill('ER');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Export settings saved.')).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('DATEV consultant number')).toHaveValue('29098');
  await expect(form.getByRole('radio', { name: 'BMD' })).toBeChecked();

  // Someone else saves meanwhile: this screen's save is refused and the typed value stays.
  const current = (await (await page.request.get('/api/export-settings')).json()) as Record<string, unknown>;
  const other = await page.request.put('/api/export-settings', { data: { ...current, defaultFormat: 'datev' } });
  expect(other.status(), await other.text()).toBe(200);
  await form.getByLabel('DATEV consultant number').fill('29099');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The export settings could not be saved')).toBeVisible();
  await expect(form.getByLabel('DATEV consultant number')).toHaveValue('29099');
});
