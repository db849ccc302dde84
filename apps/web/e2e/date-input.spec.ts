import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { datePeriodRange, todayIso } from '@kontor/domain/dates';
import { chooseOption, openInvoice, uploadInvoice } from './invoice-detail-support';
import { DEMO_ADMIN, signIn } from './support';

// An American browser: a native date input would show mm/dd/yyyy here, whatever Kontor's language.
test.use({ locale: 'en-US' });

const CALENDAR_BUTTON = 'Pick the date from a calendar';

/** 2026-07-01 → 01.07.2026. */
const formatGerman = (iso: string) => iso.split('-').reverse().join('.');

/** Today plus `days` in Europe/Berlin, as a German date field shows it. */
function berlinDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return formatGerman(date.toISOString().slice(0, 10));
}

/** The calendar button inside a date field (the field's input and the button share a wrapper). */
const calendarButtonOf = (page: Page, label: string, name = CALENDAR_BUTTON) =>
  page.getByLabel(label, { exact: true }).locator('..').getByRole('button', { name });

test('dates are typed and picked day first in the interface language, and an impossible date blocks saving', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page, 'datum.pdf');
  await openInvoice(page, id);

  await page.getByRole('combobox', { name: 'Counterparty', exact: true }).fill('Bürowelt');
  await page.getByRole('option', { name: /Bürowelt Schneider GmbH/ }).click();
  const number = `DATE-${Date.now()}`;
  await page.getByLabel('Invoice number').fill(number);
  await chooseOption(page, 'Currency', 'EUR');
  await page.getByLabel('Net amount').fill('100');
  await page.getByLabel('Tax amount').fill('19');
  await page.getByLabel('Total amount').fill('119');
  await page.getByLabel('Tax rate (%)').fill('19');

  // Typed the short way, shown in full once the field is left.
  const invoiceDate = page.getByLabel('Invoice date', { exact: true });
  await expect(invoiceDate).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await invoiceDate.fill('1.4.26');
  await invoiceDate.blur();
  await expect(invoiceDate).toHaveValue('01/04/2026');

  // Picked from the calendar, which opens on the month of the field's date.
  const dueDate = page.getByLabel('Due date', { exact: true });
  await dueDate.fill('10/04/2026');
  await calendarButtonOf(page, 'Due date').click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await expect(calendar.getByRole('grid')).toHaveAccessibleName(/April 2026/);
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  await calendar.getByRole('button', { name: /30 April 2026/ }).click();
  await expect(calendar).toBeHidden();
  await expect(dueDate).toHaveValue('30/04/2026');
  await expect(dueDate).toBeFocused();

  // A day the calendar does not have: its message, the text kept, nothing saved.
  const periodStart = page.getByLabel('Billing period from', { exact: true });
  await periodStart.fill('31/02/2026');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter a valid date.', { exact: true })).toBeVisible();
  await expect(periodStart).toHaveValue('31/02/2026');
  await expect(periodStart).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invoice saved.')).toBeHidden();

  await periodStart.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invoice saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Invoice date', { exact: true })).toHaveValue('01/04/2026');
  await expect(page.getByLabel('Due date', { exact: true })).toHaveValue('30/04/2026');
});

test('in German the fields and the calendar speak German, and the list filter reads typed dates', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const id = await uploadInvoice(page, 'datum-de.pdf');
  await openInvoice(page, id);
  const invoiceDate = page.getByLabel('Rechnungsdatum', { exact: true });
  await expect(invoiceDate).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await invoiceDate.fill('150326');
  await invoiceDate.blur();
  await expect(invoiceDate).toHaveValue('15.03.2026');
  await calendarButtonOf(page, 'Rechnungsdatum', 'Datum im Kalender wählen').click();
  await expect(page.getByRole('dialog', { name: 'Kalender' }).getByRole('grid')).toHaveAccessibleName(/März 2026/);
  await page.keyboard.press('Escape');
  await expect(invoiceDate).toBeFocused();

  // Days relative to today, in Kontor's time zone: "heute" and "+14" as accounting software reads them.
  const dueDate = page.getByLabel('Fälligkeitsdatum', { exact: true });
  await expect(dueDate).toHaveAttribute('title', /heute, morgen, \+14/);
  // A phone offers its letter keyboard for them (a digit pad has no letters, on iOS no "+").
  await expect(dueDate).toHaveAttribute('inputmode', 'text');
  await dueDate.fill('heute');
  await dueDate.blur();
  await expect(dueDate).toHaveValue(berlinDate(0));
  await dueDate.fill('+14');
  await dueDate.blur();
  await expect(dueDate).toHaveValue(berlinDate(14));

  // The overview's filter takes the same typing and puts the ISO date into the address.
  await page.goto('/demo/invoices/new');
  await page.getByRole('button', { name: 'Filter' }).click();
  const from = page.getByLabel('Rechnungsdatum von');
  await from.fill('1.3.26');
  await expect(page).toHaveURL(/dateFrom=2026-03-01/);
  await from.blur();
  await expect(from).toHaveValue('01.03.2026');
  await from.fill('31.02.');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/dateFrom=2026-03-01/);
  await page.getByRole('region', { name: 'Filter', exact: true }).getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(from).toHaveValue('');
  await expect(page).not.toHaveURL(/dateFrom/);

  // A whole period at once, as a VAT return asks for it.
  const quarter = datePeriodRange('lastQuarter', todayIso());
  await page.getByRole('button', { name: 'Zeitraum für Rechnungsdatum wählen' }).click();
  await page.getByRole('menuitem', { name: 'Letztes Quartal' }).click();
  await expect(page).toHaveURL(
    new RegExp(`dateFrom=${quarter.from}.*dateTo=${quarter.to}|dateTo=${quarter.to}.*dateFrom=${quarter.from}`),
  );
  await expect(from).toHaveValue(formatGerman(quarter.from));
  await expect(page.getByLabel('Rechnungsdatum bis')).toHaveValue(formatGerman(quarter.to));
});
