import { expect, test } from '@playwright/test';
import { setDemoFourEyes } from './approval-support';
import { ciiInvoice } from './factur-x-sample';
import { runId, waitUntilRead } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, withDatabase } from './support';

/**
 * Issue 59, the accounts-payable day as a new user lives it: upload an e-invoice → it is first and
 * highlighted → the supplier is created from what was read (address kept) → approval requested
 * with the default flow (no flow's condition matches) → the uploader cannot give the final
 * approval (four-eyes) → a colleague approves → the payment goes into a run from the invoice.
 */

/** A German VAT number with a valid ISO 7064 MOD 11,10 check digit, new for every run. */
function freshGermanVatNumber(): string {
  const body = `1${String(Date.now()).slice(-7)}`;
  let product = 10;
  for (const digit of body) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return `DE${body}${check}`;
}

/** A German IBAN with valid check digits nobody has used yet: the supplier is new in every respect. */
function freshGermanIban(): string {
  const bban = `50010517${String(Date.now()).slice(-10)}`;
  const remainder = BigInt(`${bban}131400`) % 97n;
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`;
}

test.beforeAll(async () => {
  // Flows of earlier specs would compete with the two built here; four-eyes as for a new organisation.
  await withDatabase((client) =>
    client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    ),
  );
  await setDemoFourEyes(true);
});

test('upload, supplier from what was read, default flow, four-eyes, a colleague approves, into a payment run', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const tag = runId();
  const ids = await withDatabase(
    async (client) =>
      (
        await client.query<{ adminId: string; clerkId: string }>(
          `select (select id from users where email = $1) as "adminId", (select id from users where email = $2) as "clerkId"`,
          [DEMO_ADMIN, DEMO_CLERK],
        )
      ).rows[0]!,
  );
  const flows = [
    { name: `Standard ${tag}`, isDefault: true, conditions: [] },
    {
      name: `Große Beträge ${tag}`,
      isDefault: false,
      conditions: [{ kind: 'amount_above', amount: 10_000_00, currency: 'EUR' }],
    },
  ];
  for (const flow of flows) {
    const created = await admin.request.post('/api/approval-flows', {
      data: { ...flow, type: 'invoice', steps: [{ approverIds: [ids.adminId, ids.clerkId], requiredApprovals: 1 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // Upload an e-invoice of a supplier Kontor does not know yet.
  const supplier = `Papierhaus Lenz ${tag} GmbH`;
  const number = `AP-${tag}`;
  const xml = ciiInvoice(number)
    .replace('Kanzlei Lindner Partner mbB', supplier)
    .replace('DE123456788', freshGermanVatNumber())
    // The sample's IBAN too: reading would otherwise match the new supplier to the other specs' invoices.
    .replace('DE12500105170648489890', freshGermanIban())
    .replace('<ram:LineOne>Torstraße 5</ram:LineOne>', '<ram:LineOne>Mühlweg 12</ram:LineOne>')
    .replace('<ram:CityName>Berlin</ram:CityName>', '<ram:CityName>Freiburg im Breisgau</ram:CityName>');
  await admin.goto('/demo/invoices/new');
  await admin.getByRole('button', { name: 'Upload invoices' }).first().click();
  const uploadDialog = admin.getByRole('dialog');
  await uploadDialog
    .getByLabel('Choose files')
    .setInputFiles({ name: `${number}.xml`, mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(admin.getByText('1 invoice uploaded.')).toBeVisible();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Show', exact: true }).click();

  // The new invoice is the first row of the new tab, highlighted, whatever the sort says.
  const first = admin.getByTestId('invoice-row').first();
  await expect(first).toHaveAttribute('data-highlighted', 'true');
  await expect(first).toContainText(`${number}.xml`);
  await expect(admin.getByTestId('recent-uploads-notice')).toBeVisible();
  const invoiceId = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>(`select id from invoices where document_file_name = $1`, [`${number}.xml`])).rows[0]!
        .id,
  );
  await waitUntilRead(admin.request, invoiceId);
  // Search finds it by the document's file name too.
  await admin.goto(`/demo/invoices/new?search=${encodeURIComponent(`${number}.xml`)}`);
  await expect(admin.getByTestId('invoice-row')).toHaveCount(1);

  // The supplier from what was read: every field prefilled, the address kept, the invoice saved.
  await admin.goto(`/demo/invoices/new/${invoiceId}`);
  const proposal = admin.getByTestId('proposed-counterparty');
  await expect(proposal).toContainText(supplier);
  await proposal.getByRole('button', { name: 'Create counterparty' }).click();
  const create = admin.getByRole('dialog', { name: 'New counterparty' });
  await expect(create.getByLabel('Street and number')).toHaveValue('Mühlweg 12');
  await expect(create.getByLabel('Postcode')).toHaveValue('10115');
  await expect(create.getByLabel('City')).toHaveValue('Freiburg im Breisgau');
  await create.getByRole('button', { name: 'New counterparty' }).click();
  await expect(admin.getByText(`Counterparty ${supplier} created.`)).toBeVisible();
  await expect(admin.getByText('Invoice saved.')).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(admin.getByTestId('proposed-counterparty')).toHaveCount(0);
  const stored = await withDatabase(
    async (client) =>
      (
        await client.query<{ street: string; zip: string; city: string; country: string; linked: boolean }>(
          `select c.street, c.zip, c.city, c.country, i.counterparty_id = c.id as linked
             from counterparties c join invoices i on i.id = $2 where c.name = $1`,
          [supplier, invoiceId],
        )
      ).rows[0],
  );
  expect(stored).toEqual({ street: 'Mühlweg 12', zip: '10115', city: 'Freiburg im Breisgau', country: 'DE', linked: true });

  // No flow's condition matches 1.190 €: the request says so and offers the default flow.
  await admin.getByRole('button', { name: 'Request approval' }).click();
  const request = admin.getByRole('dialog');
  await expect(request.getByTestId('default-flow-notice')).toContainText(
    `No flow's conditions match this invoice, so the default flow “Standard ${tag}” applies.`,
  );
  // The large-amounts flow is picked only after a confirmation that names its condition.
  await request.getByLabel('Approval flow').click();
  await admin.getByRole('option', { name: new RegExp(`Große Beträge ${tag}.*conditions not met`) }).click();
  await expect(request.getByTestId('unmet-conditions')).toContainText('Amount above 10.000,00');
  await request.getByLabel('Approval flow').click();
  await admin.getByRole('option', { name: new RegExp(`^Standard ${tag}`) }).click();
  await expect(request.getByTestId('unmet-conditions')).toHaveCount(0);
  await request.getByRole('button', { name: 'Request approval' }).click();
  await expect(admin.getByTestId('invoice-status')).toHaveText('In approval');

  // Anna uploaded and requested it: the four-eyes principle keeps her from the final approval.
  await admin.goto(`/demo/invoices/my-approvals/${invoiceId}`);
  await expect(admin.getByTestId('four-eyes-note')).toContainText('Four-eyes principle');
  await expect(admin.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();

  // Carl, her colleague, approves.
  const clerk = await signedInPage(browser, DEMO_CLERK);
  await clerk.goto(`/demo/invoices/my-approvals/${invoiceId}`);
  await clerk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(clerk.getByText('Invoice approved.')).toBeVisible();

  // One step to pay, from the invoice.
  await admin.goto(`/demo/invoices/approved/${invoiceId}`);
  const payment = admin.getByTestId('invoice-payment');
  await payment.getByRole('button', { name: 'Add to payment run' }).click();
  const toRun = admin.getByTestId('add-to-run-dialog');
  await expect(toRun).toContainText('1.190,00');
  await toRun.getByRole('button', { name: 'Add to run' }).click();
  await expect(admin.getByText(/Payment run PR-\d+ was created with this payment\./)).toBeVisible();
  await expect(payment.getByTestId('invoice-payment-status')).toHaveText('Planned');
});
