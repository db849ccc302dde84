import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { formatIban } from '@kontor/domain/iban';
import { connectSandboxBank, disconnectDemoBanks } from './bank-support';
import { DEMO_ADMIN, signedInPage, withDatabase } from './support';

/**
 * Issue 61: the bank transactions of the company accounts. The admin syncs the connected sandbox
 * account, the list fills, "incoming" leaves only money in, a transaction's detail opens and its
 * back link keeps the filter; then a camt.053 statement of the same account is uploaded and its
 * opening and closing balances show, checked against its entries, in the list and in a detail.
 */

test.beforeAll(disconnectDemoBanks);
test.afterAll(disconnectDemoBanks);

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface StatementEntry {
  amount: string;
  creditDebit: 'CRDT' | 'DBIT';
  bookingDate: string;
  name: string;
  iban: string;
  remittance: string;
  reference: string;
}

/** A camt.053.001.08 statement of one account: opening and closing booked balance and its entries. */
function camt053(options: {
  id: string;
  sequence: string;
  iban: string;
  from: string;
  to: string;
  opening: string;
  closing: string;
  entries: StatementEntry[];
}): string {
  const balance = (code: 'OPBD' | 'CLBD', amount: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt>` +
    `<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entry = (item: StatementEntry) => {
    const side = item.creditDebit === 'CRDT' ? 'Dbtr' : 'Cdtr';
    const family = item.creditDebit === 'CRDT' ? 'RCDT' : 'ICDT';
    return (
      `<Ntry><Amt Ccy="EUR">${item.amount}</Amt><CdtDbtInd>${item.creditDebit}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${item.bookingDate}</Dt></BookgDt><ValDt><Dt>${item.bookingDate}</Dt></ValDt>` +
      `<AcctSvcrRef>${item.reference}</AcctSvcrRef>` +
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
      `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${item.reference}</AcctSvcrRef><EndToEndId>E2E-${item.reference}</EndToEndId></Refs>` +
      `<RltdPties><${side}><Pty><Nm>${item.name}</Nm></Pty></${side}><${side}Acct><Id><IBAN>${item.iban}</IBAN></Id></${side}Acct></RltdPties>` +
      `<RmtInf><Ustrd>${item.remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`
    );
  };
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>MSG-${options.id}</MsgId><CreDtTm>${options.to}T18:00:00+01:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>STMT-${options.id}</Id><ElctrncSeqNb>${options.sequence}</ElctrncSeqNb>` +
    `<CreDtTm>${options.to}T18:00:00+01:00</CreDtTm>` +
    `<FrToDt><FrDtTm>${options.from}T00:00:00+01:00</FrDtTm><ToDtTm>${options.to}T23:59:59+01:00</ToDtTm></FrToDt>` +
    `<Acct><Id><IBAN>${options.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    balance('OPBD', options.opening, options.from) +
    balance('CLBD', options.closing, options.to) +
    options.entries.map(entry).join('') +
    `</Stmt></BkToCstmrStmt></Document>\n`
  );
}

/**
 * Serious and critical axe findings on the page as it is (the rules accessibility.spec.ts applies).
 * The toasts are left out: caught while fading in, their colours read half transparent.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** How many pixels the screen's content (or a table) is wider than its place: 0 when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const tables = Array.from(document.querySelectorAll('main table')).map(
      (table) => table.scrollWidth - table.parentElement!.clientWidth,
    );
    return Math.max(main.scrollWidth - main.clientWidth, document.documentElement.scrollWidth - window.innerWidth, ...tables);
  });
}

test('sync the sandbox account, filter to incoming, open a transaction, then upload its statement and see the balances', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await connectSandboxBank(admin);
  const account = await withDatabase(async (client) => {
    const { rows } = await client.query<{ name: string; iban: string }>(
      `select a.name, a.iban from company_bank_accounts a join bank_connections c on c.id = a.bank_connection_id
        where c.status = 'active' and a.organization_id = (select id from organizations where slug = 'demo')
        order by a.name limit 1`,
    );
    return rows[0]!;
  });

  // The account with its sync: "Sync now" starts one, the card follows it to its end.
  await admin.goto('/demo/bank-transactions');
  await expect(admin.getByRole('heading', { level: 1, name: 'Bank transactions' })).toBeVisible();
  const card = admin.getByTestId('bank-account-card').filter({ hasText: formatIban(account.iban) });
  await expect(card).toContainText(account.name);
  await expect(card).toContainText('Connected');
  await card.getByRole('button', { name: `Sync now for ${account.name}` }).click();
  await expect(admin.getByText(`${account.name} is synced`)).toBeVisible({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-sync-status', 'done');
  await expect(card.getByTestId('account-sync-state')).toContainText('Last sync');
  await expect(card.getByTestId('account-balance')).toContainText('€');

  // The list fills, newest first, with its totals.
  const rows = admin.getByTestId('bank-transaction-row');
  await expect(rows.first()).toBeVisible();
  await expect(admin.getByTestId('bank-transaction-count')).toContainText(/\d+ transactions?/);
  expect(await seriousViolations(admin), 'bank transactions list').toEqual([]);

  // Incoming only: every amount shown is money in.
  await admin.getByRole('group', { name: 'Direction' }).getByRole('button', { name: 'Incoming' }).click();
  await expect(admin).toHaveURL(/direction=incoming/);
  await expect(async () => {
    const amounts = await rows.getByTestId('signed-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.filter((amount) => !amount.startsWith('+'))).toEqual([]);
  }).toPass({ timeout: 15_000 });
  await expect(admin.getByTestId('bank-transaction-totals')).toContainText('Incoming');

  // One transaction's detail; back to the list as it was filtered.
  await rows.first().click();
  await expect(admin).toHaveURL(/\/demo\/bank-transactions\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Incoming payment' })).toBeVisible();
  await expect(admin.getByTestId('bank-transaction-header').getByTestId('signed-amount')).toHaveText(/^\+/);
  await expect(admin.getByTestId('transaction-account')).toContainText(formatIban(account.iban));
  await expect(admin.getByTestId('transaction-account')).toContainText('Bank sync');
  await expect(admin.getByTestId('matched-invoices')).toContainText('Not matched yet');
  expect(await seriousViolations(admin), 'bank transaction detail').toEqual([]);
  await admin.getByRole('link', { name: 'Back to bank transactions' }).first().click();
  await expect(admin).toHaveURL(/\/demo\/bank-transactions\?direction=incoming$/);

  // A camt.053 statement of the same account, uploaded from its card.
  const id = runId();
  const sequence = String(Date.now() % 100_000);
  const to = addDaysIso(todayIso(), -2);
  const from = addDaysIso(to, -6);
  const statement = camt053({
    id,
    sequence,
    iban: account.iban,
    from,
    to,
    opening: '10000.00',
    closing: '11234.56',
    entries: [
      {
        amount: '1500.00',
        creditDebit: 'CRDT',
        bookingDate: addDaysIso(from, 1),
        name: 'Hansen Maschinenbau GmbH',
        iban: 'DE75512108001245126199',
        remittance: `Rechnung AR-${id} Hansen`,
        reference: `${id}-1`,
      },
      {
        amount: '34.56',
        creditDebit: 'CRDT',
        bookingDate: addDaysIso(from, 2),
        name: 'Vogel Medien KG',
        iban: 'DE82760100850123456789',
        remittance: `Gutschrift ${id} Vogel`,
        reference: `${id}-2`,
      },
      {
        amount: '300.00',
        creditDebit: 'DBIT',
        bookingDate: addDaysIso(from, 3),
        name: 'Nordlicht Telekommunikation',
        iban: 'DE02100100100006820101',
        remittance: `Kd-Nr ${id} Nordlicht`,
        reference: `${id}-3`,
      },
    ],
  });
  await card.getByRole('button', { name: `Upload statement (camt.053) for ${account.name}` }).click();
  const dialog = admin.getByTestId('statement-upload-dialog');
  await dialog.getByLabel('Bank file').setInputFiles({
    name: `auszug-${id}.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(statement, 'utf8'),
  });
  const result = dialog.getByTestId('bank-file-import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('import-created-count')).toHaveText('3 bank transactions imported');
  await expect(result.getByTestId('import-skipped-count')).toHaveText('0 skipped');

  // A second statement whose closing balance is 1,00 € off its entries: taken, but flagged.
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  const flaggedSequence = String(Number(sequence) + 1);
  await dialog.getByLabel('Bank file').setInputFiles({
    name: `auszug-${id}-2.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(
      camt053({
        id: `${id}-2`,
        sequence: flaggedSequence,
        iban: account.iban,
        from: addDaysIso(to, 1),
        to: addDaysIso(to, 1),
        opening: '11234.56',
        closing: '11335.56',
        entries: [
          {
            amount: '100.00',
            creditDebit: 'CRDT',
            bookingDate: addDaysIso(to, 1),
            name: 'Lindner Architekten PartG',
            iban: 'DE12500105170648489890',
            remittance: `Abschlag ${id} Lindner`,
            reference: `${id}-4`,
          },
        ],
      }),
      'utf8',
    ),
  });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('import-created-count')).toHaveText('1 bank transaction imported');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The statements with their balances: the first adds up, the second is flagged with its difference.
  await admin.getByRole('tab', { name: 'Statements' }).click();
  await expect(admin).toHaveURL(/tab=statements/);
  const statementRow = admin.getByTestId('bank-statement-row').filter({ hasText: `No. ${sequence}` });
  await expect(statementRow.getByTestId('statement-opening')).toContainText(/10\.000,00\s€/);
  await expect(statementRow.getByTestId('statement-closing')).toContainText(/11\.234,56\s€/);
  await expect(statementRow.getByTestId('statement-check')).toHaveText('Adds up');
  const flaggedRow = admin.getByTestId('bank-statement-row').filter({ hasText: `No. ${flaggedSequence}` });
  await expect(flaggedRow.getByTestId('statement-check')).toHaveText(/Difference\s\u22121,00\s€/);
  expect(await seriousViolations(admin), 'bank statements').toEqual([]);

  // Choosing a statement shows its transactions; one of them shows the statement's balances.
  await statementRow.getByRole('button', { name: `Show the transactions of statement No. ${sequence}` }).click();
  await expect(admin.getByTestId('statement-filter')).toContainText(`No. ${sequence}`);
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: `Kd-Nr ${id} Nordlicht` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Outgoing payment' })).toBeVisible();
  await expect(admin.getByTestId('bank-transaction-header').getByTestId('signed-amount')).toHaveText(/^\u2212300,00\s€$/);
  await expect(admin.getByTestId('counterparty-iban')).toContainText('DE02 1001 0010 0006 8201 01');
  await expect(admin.getByTestId('transaction-account')).toContainText('Statement upload (camt.053)');
  const statementCard = admin.getByTestId('transaction-statement');
  await expect(statementCard).toContainText(`No. ${sequence}`);
  await expect(statementCard.getByTestId('statement-opening')).toContainText(/10\.000,00\s€/);
  await expect(statementCard.getByTestId('statement-closing')).toContainText(/11\.234,56\s€/);
  await expect(statementCard.getByTestId('statement-check')).toHaveText('Adds up');

  // In a 1024 px window the list, the statements and the detail fit: nothing scrolls sideways.
  await admin.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(() => sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.goto('/demo/bank-transactions');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.getByRole('tab', { name: 'Statements' }).click();
  await expect(statementRow).toBeVisible();
  await expect.poll(() => sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.context().close();
});
