import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { todayIso } from '@kontor/domain/dates';
import { formatIban } from '@kontor/domain/iban';
import { runId, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { DEMO_SUPPLIER, DEMO_SUPPLIER_IBAN } from './payment-fixtures';
import { DEMO_ADMIN, signedInPage, withDatabase } from './support';

/**
 * Issue 62: a person matches a bank transaction with the invoice it paid. With automatic matching
 * switched off (Settings › General), a camt.053 statement brings one outgoing payment whose
 * remittance names an open invoice; its detail proposes that invoice with the reasons, Accept
 * matches it, the invoice shows itself paid according to the bank (detail, history, overview),
 * and undoing the match there leaves it not matched again. The invoice then proposes the bank
 * transaction itself: accepted there it is fully matched again, and undone once more it is left as
 * it was (not matched, the transaction proposing it).
 */

const DEMO = `(select id from organizations where slug = 'demo')`;
let savedSettings: { bankAutoMatch: boolean; bankMatchTolerance: number } | undefined;

test.beforeAll(async () => {
  savedSettings = await withDatabase(async (client) => {
    const { rows } = await client.query<{ bankAutoMatch: boolean; bankMatchTolerance: number }>(
      `select bank_auto_match as "bankAutoMatch", bank_match_tolerance as "bankMatchTolerance" from organizations where slug = 'demo'`,
    );
    return rows[0];
  });
});

test.afterAll(async () => {
  if (!savedSettings) return;
  const { bankAutoMatch, bankMatchTolerance } = savedSettings;
  await withDatabase((client) =>
    client.query(`update organizations set bank_auto_match = $1, bank_match_tolerance = $2 where slug = 'demo'`, [
      bankAutoMatch,
      bankMatchTolerance,
    ]),
  );
});

/** A camt.053.001.08 statement of one account with one booked outgoing transfer (DBIT). */
function statementWithOnePayment(options: {
  id: string;
  iban: string;
  bookingDate: string;
  amount: string;
  closing: string;
  name: string;
  creditorIban: string;
  remittance: string;
}): string {
  const { id, iban, bookingDate, amount, closing, name, creditorIban, remittance } = options;
  const balance = (code: 'OPBD' | 'CLBD', value: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${value}</Amt>` +
    `<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${bookingDate}</Dt></Dt></Bal>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>MSG-${id}</MsgId><CreDtTm>${bookingDate}T18:00:00+01:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>STMT-${id}</Id><ElctrncSeqNb>${Date.now() % 100_000}</ElctrncSeqNb>` +
    `<CreDtTm>${bookingDate}T18:00:00+01:00</CreDtTm>` +
    `<FrToDt><FrDtTm>${bookingDate}T00:00:00+01:00</FrDtTm><ToDtTm>${bookingDate}T23:59:59+01:00</ToDtTm></FrToDt>` +
    `<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    balance('OPBD', '10000.00') +
    balance('CLBD', closing) +
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
    `<BookgDt><Dt>${bookingDate}</Dt></BookgDt><ValDt><Dt>${bookingDate}</Dt></ValDt><AcctSvcrRef>${id}</AcctSvcrRef>` +
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
    `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${id}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>` +
    `<RltdPties><Cdtr><Pty><Nm>${name}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${creditorIban}</IBAN></Id></CdtrAcct></RltdPties>` +
    `<RmtInf><Ustrd>${remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>` +
    `</Stmt></BkToCstmrStmt></Document>\n`
  );
}

/** Serious and critical axe findings inside one part of the page (the part this flow adds). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Uploads a statement as the signed-in admin and waits until its import has finished. */
async function importStatement(request: APIRequestContext, fileName: string, xml: string): Promise<void> {
  const response = await request.post('/api/bank-transactions/statement-uploads', {
    multipart: { file: { name: fileName, mimeType: 'application/xml', buffer: Buffer.from(xml, 'utf8') } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const upload = (await (await request.get(`/api/bank-transactions/statement-uploads/${id}`)).json()) as {
          status: string;
          createdCount: number;
        };
        return `${upload.status}:${upload.createdCount}`;
      },
      { timeout: 30_000 },
    )
    .toBe('completed:1');
}

test('accept a proposed match, the invoice shows itself fully matched, undo the match there and it is not matched, match it from the invoice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, DEMO_ADMIN);

  // Automatic matching off (Settings › General), so that the match is left to the person.
  await admin.goto('/demo/settings/general');
  const settings = admin.locator('form').filter({ has: admin.getByText('Bank matching', { exact: true }) });
  const autoMatch = settings.getByRole('switch', { name: 'Apply exact matches automatically' });
  if (await autoMatch.isChecked()) await autoMatch.click();
  await settings.getByLabel('Amount tolerance').fill('0,50');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Settings saved.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(
    await withDatabase(
      async (client) =>
        (
          await client.query<{ auto: boolean; tolerance: number }>(
            `select bank_auto_match as auto, bank_match_tolerance as tolerance from organizations where slug = 'demo'`,
          )
        ).rows[0],
    ),
  ).toEqual({ auto: false, tolerance: 50 });

  // An open invoice to the demo supplier with a number of its own, and the company account the bank books on.
  const id = runId();
  const number = `RE-BM-${id.toUpperCase()}`;
  const totalAmount = 100_000 + (Date.now() % 90_000);
  const amountText = (totalAmount / 100).toFixed(2);
  const invoiceId = await uploadInvoiceByApi(admin.request, await tinyPdf(`${number}.pdf`));
  const accountIban = await withDatabase(async (client) => {
    await client.query(
      `update invoices set invoice_number = $2, counterparty_name = $3, counterparty_iban = $4, total_amount = $5,
          currency = 'EUR', tax_rate = 1900, date = current_date - 3, due_date = current_date + 11, status = 'approved',
          counterparty_id = (select id from counterparties where organization_id = ${DEMO} and name = $3)
        where id = $1`,
      [invoiceId, number, DEMO_SUPPLIER, DEMO_SUPPLIER_IBAN, totalAmount],
    );
    const { rows } = await client.query<{ iban: string }>(
      `select iban from company_bank_accounts where organization_id = ${DEMO} order by created_at limit 1`,
    );
    if (!rows[0]) throw new Error('The demo organisation has no company bank account');
    return rows[0].iban;
  });

  /** The invoice's matching status and matched amount as stored. */
  const invoiceMatching = () =>
    withDatabase(
      async (client) =>
        (
          await client.query<{ status: string; matched: string }>(
            `select matching_status as status, matched_amount::text as matched from invoices where id = $1`,
            [invoiceId],
          )
        ).rows[0],
    );

  // The bank booked the payment: a statement with one outgoing transfer naming the invoice.
  const today = todayIso();
  await importStatement(
    admin.request,
    `auszug-${id}.xml`,
    statementWithOnePayment({
      id: `BM-${id}`,
      iban: accountIban,
      bookingDate: today,
      amount: amountText,
      closing: (10_000 - totalAmount / 100).toFixed(2),
      name: DEMO_SUPPLIER,
      creditorIban: DEMO_SUPPLIER_IBAN,
      remittance: `Rechnung ${number} Kd 4711`,
    }),
  );
  const lineId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from bank_transactions where organization_id = ${DEMO} and remittance_information like $1`,
      [`%${number}%`],
    );
    return rows[0]!.id;
  });

  // The transaction proposes the invoice, exactly, and says why.
  await admin.goto(`/demo/bank-transactions/${lineId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Outgoing payment' })).toBeVisible();
  const matching = admin.getByTestId('matched-invoices');
  await expect(matching).toContainText('Not matched yet');
  const proposal = matching.getByTestId('match-proposal').filter({ hasText: `Invoice ${number}` });
  await expect(proposal).toHaveCount(1);
  await expect(proposal.getByTestId('proposal-exact')).toContainText('Exact');
  const reasons = proposal.getByRole('list', { name: 'Why this was proposed' });
  await expect(reasons).toContainText(`Invoice number ${number} found in the remittance information`);
  await expect(reasons).toContainText('Amount equal');
  await expect(reasons).toContainText(`IBAN known (${formatIban(DEMO_SUPPLIER_IBAN)})`);
  await expect(proposal).toContainText(DEMO_SUPPLIER);
  expect(await seriousViolations(admin, '[data-testid="matched-invoices"]'), 'matching section').toEqual([]);

  await proposal.getByRole('button', { name: `Accept: match with Invoice ${number}` }).click();
  await expect(admin.getByText(`Matched with Invoice ${number}.`)).toBeVisible();
  const match = matching.getByTestId('bank-match');
  await expect(match).toHaveCount(1);
  await expect(match.getByTestId('match-target')).toHaveText(`Invoice ${number}`);
  await expect(match.getByTestId('bank-match-origin')).toHaveText('By hand');
  await expect(admin.getByTestId('bank-transaction-header').getByTestId('matching-status')).toHaveText('Fully matched');
  // Nothing of the line is open any more: no proposals.
  await expect(matching.getByTestId('match-proposals')).toHaveCount(0);

  // The invoice: fully matched, with the bank payment and the history entry.
  await match.getByTestId('match-target').click();
  await expect(admin).toHaveURL(new RegExp(`/demo/invoices/approved/${invoiceId}$`));
  const payments = admin.getByTestId('invoice-bank-payments');
  await expect(payments.getByTestId('matching-status')).toHaveText('Fully matched');
  await expect(payments.getByTestId('invoice-bank-payments-summary')).toContainText('paid according to the bank');
  const payment = payments.getByTestId('invoice-bank-payment');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(`Rechnung ${number} Kd 4711`);
  await expect(payment.getByRole('link', { name: /^Open the bank transaction/ })).toHaveAttribute(
    'href',
    `/demo/bank-transactions/${lineId}`,
  );
  expect(await seriousViolations(admin, '[data-testid="invoice-bank-payments"]'), 'bank payments panel').toEqual([]);
  await admin.getByRole('tab', { name: 'History' }).click();
  await expect(admin.getByTestId('activity-list')).toContainText('matched a bank transaction of');

  // The overview marks it as paid according to the bank.
  await admin.goto(`/demo/invoices/approved?search=${encodeURIComponent(number)}`);
  const row = admin.getByTestId('invoice-row').filter({ hasText: number });
  await expect(row.getByTestId('bank-match-mark')).toHaveAttribute('data-status', 'fully_matched');
  await expect(row.getByTestId('bank-match-mark')).toHaveAttribute('title', 'Paid according to the bank');

  // Undo the match on the invoice: it is not matched, and the transaction proposes it again.
  await admin.goto(`/demo/invoices/approved/${invoiceId}`);
  await payments.getByRole('button', { name: /^Undo match with the bank transaction of/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Undo this match?' });
  await dialog.getByRole('button', { name: 'Undo match' }).click();
  await expect(admin.getByText(/^Match with the bank transaction of .* undone\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payments.getByTestId('matching-status')).toHaveText('Not matched');
  await expect(payments.getByTestId('invoice-bank-payment')).toHaveCount(0);
  expect(await invoiceMatching()).toEqual({ status: 'not_matched', matched: '0' });

  // The invoice proposes the bank transaction itself, exactly, with the line and the reasons.
  const proposed = payments.getByTestId('invoice-bank-proposals');
  await expect(proposed.getByRole('heading', { name: 'Proposed bank payments' })).toBeVisible();
  const lineProposal = proposed.getByTestId('match-proposal').filter({ hasText: `Rechnung ${number} Kd 4711` });
  await expect(lineProposal).toHaveCount(1);
  await expect(lineProposal.getByTestId('proposal-exact')).toContainText('Exact');
  await expect(lineProposal).toContainText(DEMO_SUPPLIER);
  await expect(lineProposal.getByTestId('proposal-line')).toHaveAttribute('href', `/demo/bank-transactions/${lineId}`);
  const lineReasons = lineProposal.getByRole('list', { name: 'Why this was proposed' });
  await expect(lineReasons).toContainText(`Invoice number ${number} found in the remittance information`);
  await expect(lineReasons).toContainText('Amount equal');
  expect(await seriousViolations(admin, '[data-testid="invoice-bank-payments"]'), 'proposed bank payments').toEqual([]);

  // Accepted from the invoice: fully matched again, by hand, and nothing more is proposed.
  await lineProposal.getByRole('button', { name: /^Accept: match with the bank transaction of/ }).click();
  await expect(admin.getByText(/^Matched with the bank transaction of .*\.$/)).toBeVisible();
  await expect(payments.getByTestId('matching-status')).toHaveText('Fully matched');
  await expect(payments.getByTestId('invoice-bank-payment')).toHaveCount(1);
  await expect(payments.getByTestId('invoice-bank-payment')).toContainText('By hand');
  await expect(proposed).toHaveCount(0);
  expect(await invoiceMatching()).toEqual({ status: 'fully_matched', matched: String(totalAmount) });

  // Undone once more: the invoice and the transaction are left unmatched, as this test made them.
  await payments.getByRole('button', { name: /^Undo match with the bank transaction of/ }).click();
  await dialog.getByRole('button', { name: 'Undo match' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments.getByTestId('matching-status')).toHaveText('Not matched');
  await expect(payments.getByTestId('invoice-bank-payment')).toHaveCount(0);
  await expect(proposed.getByTestId('match-proposal').filter({ hasText: `Rechnung ${number} Kd 4711` })).toHaveCount(1);
  expect(await invoiceMatching()).toEqual({ status: 'not_matched', matched: '0' });

  await admin.goto(`/demo/bank-transactions/${lineId}`);
  await expect(matching).toContainText('Not matched yet');
  await expect(matching.getByTestId('match-proposal').filter({ hasText: `Invoice ${number}` })).toHaveCount(1);
  await admin.context().close();
});
