import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { withoutFourEyesPrinciple } from './approval-support';
import { createSoleApproverInvoiceFlow, getInvoiceVersion, runId, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { connectDatabase, DEMO_ADMIN, signedInPage, withDatabase } from './support';

// Anna Admin approves, alone, the invoices she uploads here.
withoutFourEyesPrinciple();

/**
 * Issue 41 end to end: an approved invoice is exported as a complete DATEV export from the
 * approved tab, the downloads panel follows the job to its file, and the invoice is then
 * exported and locked; the pre-export check names an invoice the format refuses, with a link.
 */

interface Booked {
  counterpartyId: string;
  ledgerAccountId: string;
  taxKeyId: string;
}

/** A supplier with an accounts-payable number, a G/L account and a tax key DATEV knows (BU 9). */
async function exportMasterData(id: string): Promise<Booked & { bareCounterpartyId: string }> {
  return withDatabase(async (client) => {
    const org = `(select id from organizations where slug = 'demo')`;
    const counterparty = await client.query<{ id: string }>(
      `insert into counterparties (organization_id, name, accounts_payable_number)
       values (${org}, $1, (select (coalesce(max(accounts_payable_number::int) filter (where accounts_payable_number ~ '^7[0-9]{4}$'), 70000) + 1)::text
                              from counterparties where organization_id = ${org}))
       returning id`,
      [`Papier ${id} KG`],
    );
    const bare = await client.query<{ id: string }>(
      `insert into counterparties (organization_id, name) values (${org}, $1) returning id`,
      [`Ohne Konto ${id} GmbH`],
    );
    const ledger = await client.query<{ id: string }>(
      `insert into ledger_accounts (organization_id, code, name) values (${org}, '3400', 'Wareneingang 19 % Vorsteuer')
       on conflict (organization_id, code) do update set name = excluded.name returning id`,
    );
    const taxKey = await client.query<{ id: string }>(
      `insert into tax_keys (organization_id, name, type, rate, external_code) values (${org}, $1, 'PURCHASE', 1900, '9') returning id`,
      [`VSt19 ${id}`],
    );
    return {
      counterpartyId: counterparty.rows[0]!.id,
      bareCounterpartyId: bare.rows[0]!.id,
      ledgerAccountId: ledger.rows[0]!.id,
      taxKeyId: taxKey.rows[0]!.id,
    };
  });
}

/** Blocks writes to the activity log until released (a second desk holding a table lock). */
async function holdActivityLog(): Promise<{ release: () => Promise<void> }> {
  const client = await connectDatabase();
  await client.query('begin');
  await client.query('lock table activity_log in share row exclusive mode');
  return {
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

/** DATEV's consultant and client numbers, saved through the settings API. */
async function saveDatevNumbers(page: Page): Promise<void> {
  const current = (await (await page.request.get('/api/export-settings')).json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/export-settings', {
    data: { ...current, defaultFormat: 'datev', defaultType: 'complete', datevConsultantNumber: 29098, datevClientNumber: 55003 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** An uploaded invoice with every booked field, requested and approved by Anna Admin through the API. */
async function approvedInvoice(
  page: Page,
  flowId: string,
  invoiceNumber: string,
  counterpartyId: string,
  booked: Omit<Booked, 'counterpartyId'>,
) {
  const id = await uploadInvoiceByApi(page.request, await tinyPdf(`${invoiceNumber}.pdf`));
  await withDatabase((client) =>
    client.query(
      `update invoices set invoice_number = $2, counterparty_id = $3, counterparty_name = (select name from counterparties where id = $3),
              date = current_date, due_date = current_date + 14, net_amount = 10000, tax_amount = 1900, total_amount = 11900,
              currency = 'EUR', tax_rate = 1900, type = 'invoice', ledger_account_id = $4, tax_key_id = $5
        where id = $1`,
      [id, invoiceNumber, counterpartyId, booked.ledgerAccountId, booked.taxKeyId],
    ),
  );
  const requested = await page.request.post(`/api/invoices/${id}/request-approval`, {
    data: { version: await getInvoiceVersion(page.request, id), flowId },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const approved = await page.request.post(`/api/invoices/${id}/approve`, {
    data: { version: ((await requested.json()) as { version: number }).version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

test('approved → DATEV complete export from the approved tab → the downloads panel brings the file → the invoice is exported and locked', async ({
  browser,
}) => {
  const page = await signedInPage(browser, DEMO_ADMIN, { acceptDownloads: true });
  const id = runId();
  const adminId = await withDatabase(async (client) => {
    await client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    );
    return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_ADMIN])).rows[0]!.id;
  });
  const flowId = await createSoleApproverInvoiceFlow(page.request, adminId, `Export ${id}`);
  const master = await exportMasterData(id);
  await saveDatevNumbers(page);
  const invoiceNumber = `EXP-${id}`;
  const invoiceId = await approvedInvoice(page, flowId, invoiceNumber, master.counterpartyId, master);

  await page.goto(`/demo/invoices/approved?search=${invoiceNumber}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Select Papier ${id} KG` }).check();
  await page.getByRole('region', { name: 'Selected invoices' }).getByRole('button', { name: 'Export to accounting' }).click();

  const dialog = page.getByTestId('accounting-export-dialog');
  await expect(dialog.getByRole('radio', { name: /^DATEV/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Complete/ })).toBeChecked();
  await expect(dialog.getByTestId('export-check-summary')).toHaveText('1 of 1 item can be exported (1 booking).');
  // The job's last step (marking the invoice exported and logging it) waits while this session
  // holds the activity log: long enough to see the job running in the panel.
  const holder = await holdActivityLog();
  try {
    await dialog.getByRole('button', { name: 'Export 1 invoice' }).click();
    await expect(page.getByText('The export of 1 item has started.')).toBeVisible();
    const panel = page.getByTestId('downloads-panel');
    await expect(panel).toBeVisible();
    const running = panel.getByTestId('download-job').first();
    await expect(running).toHaveAttribute('data-status', 'processing');
    await expect(running.getByRole('progressbar')).toBeVisible();
    await expect(running).toContainText('Running');
  } finally {
    await holder.release();
  }

  // The panel follows the job until its file is there.
  const panel = page.getByTestId('downloads-panel');
  const job = panel.getByTestId('download-job').first();
  await expect(job).toContainText('DATEV export · Complete · 1 invoice');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.getByText('Your export is ready')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Kontor-Export-DATEV-\d{8}-\d{4}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const bookingFile = Object.keys(files).find((name) => name.startsWith('EXTF_') && name.endsWith('.csv'));
  expect(bookingFile, Object.keys(files).join(', ')).toBeDefined();
  const booking = new TextDecoder('windows-1252').decode(files[bookingFile!]);
  expect(booking.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
  expect(booking).toContain(`"${invoiceNumber}"`);
  expect(booking).toContain('119,00;"H"');
  expect(Object.keys(files)).toContain('document.xml');

  // Sending the link by mail is offered as well.
  await job.getByRole('button', { name: /^Send .* to me by e-mail$/ }).click();
  await expect(page.getByText(`Link sent to ${DEMO_ADMIN}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The invoice is exported: it left "approved" and its form is locked.
  await page.goto(`/demo/invoices/approved/${invoiceId}`);
  await expect(page.getByTestId('invoice-locked-notice')).toContainText('exported to accounting');
  await expect(page.getByLabel('Invoice number')).toBeDisabled();

  // The export screen's history lists it with who and what.
  await page.goto('/demo/export/history');
  const row = page.getByTestId('export-history-row').first();
  await expect(row).toContainText('DATEV · Complete');
  await expect(row).toContainText('Anna Admin');
  await page.context().close();
});

test('the pre-export check names the invoice DATEV cannot book and links to it; fixed, both go out complete', async ({
  browser,
}) => {
  const page = await signedInPage(browser, DEMO_ADMIN, { acceptDownloads: true });
  const id = runId();
  const adminId = await withDatabase(async (client) => {
    await client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    );
    return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_ADMIN])).rows[0]!.id;
  });
  const flowId = await createSoleApproverInvoiceFlow(page.request, adminId, `Prüfung ${id}`);
  const master = await exportMasterData(id);
  await saveDatevNumbers(page);
  const good = `CHK-${id}-1`;
  const bad = `CHK-${id}-2`;
  await approvedInvoice(page, flowId, good, master.counterpartyId, master);
  const badId = await approvedInvoice(page, flowId, bad, master.bareCounterpartyId, master);

  await page.goto(`/demo/invoices/approved?search=CHK-${id}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all shown invoices' }).check();
  await page.getByRole('region', { name: 'Selected invoices' }).getByRole('button', { name: 'Export to accounting' }).click();

  const dialog = page.getByTestId('accounting-export-dialog');
  await expect(dialog.getByTestId('export-check-summary')).toHaveText('1 of 2 items can be exported (1 booking).');
  const problem = dialog.getByTestId('export-problem').filter({ hasText: bad });
  await expect(problem).toHaveAttribute('data-code', 'ap_number_missing');
  await expect(problem).toContainText('The counterparty has no accounts payable number.');
  await expect(dialog.getByRole('button', { name: 'Export 2 invoices' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Export the 1 correct invoice' })).toBeEnabled();

  await problem.getByRole('link', { name: bad }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/invoices/approved/${badId}$`));

  // The fix: the supplier gets its accounts payable number.
  const apNumber = await withDatabase(async (client) => {
    const result = await client.query<{ next: string }>(
      `select (coalesce(max(accounts_payable_number::int) filter (where accounts_payable_number ~ '^7[0-9]{4}$'), 70000) + 1)::text as next
         from counterparties where organization_id = (select id from organizations where slug = 'demo')`,
    );
    return result.rows[0]!.next;
  });
  await page.goto(`/demo/counterparties/${master.bareCounterpartyId}/edit`);
  await page.getByLabel('Accounts payable number (AP)').fill(apNumber);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Ohne Konto ${id} GmbH was saved.`)).toBeVisible();

  // Both pass the check now and go out as one complete export, downloaded from the panel.
  await page.goto(`/demo/invoices/approved?search=CHK-${id}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all shown invoices' }).check();
  await page.getByRole('region', { name: 'Selected invoices' }).getByRole('button', { name: 'Export to accounting' }).click();
  await expect(dialog.getByTestId('export-check-summary')).toHaveText('2 of 2 items can be exported (2 bookings).');
  await expect(dialog.getByRole('radio', { name: /^Complete/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Export 2 invoices' }).click();
  const job = page.getByTestId('downloads-panel').getByTestId('download-job').first();
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: /^Download/ }).click();
  const files = unzipSync(new Uint8Array(await readFile(await (await downloading).path())));
  const bookingFile = Object.keys(files).find((name) => name.startsWith('EXTF_') && name.endsWith('.csv'))!;
  const booking = new TextDecoder('windows-1252').decode(files[bookingFile]);
  expect(booking).toContain(`"${good}"`);
  expect(booking).toContain(`"${bad}"`);
  expect(booking).toContain(`;${apNumber};`); // the new AP number is the booking's account
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['document.xml', 'index.csv', `${good}.pdf`, `${bad}.pdf`]));
  await page.context().close();
});
