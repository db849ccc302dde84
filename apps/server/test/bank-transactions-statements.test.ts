import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankStatementList, BankTransactionDetail, BankTransactionList, BankTransactionTotals } from '@kontor/domain';
import { bankStatements, bankTransactions, companyBankAccounts, paymentRuns, transactions } from '../src/db/schema';
import { painXml } from './bank-file-import-fixtures';
import {
  bankTransactionsGet,
  importStatement,
  statementFile,
  uploadStatement,
  type StatementSpec,
} from './bank-statement-fixtures';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

const ACCOUNT_IBAN = 'DE89370400440532013000';
const SUPPLIER_IBAN = 'DE02120300000000202051';
const CUSTOMER_IBAN = 'DE75512108001245126199';
const UNKNOWN_IBAN = 'DE44500105175407324931';

/** Opening 1,000.00; +2,500.00 in, −119.00 and a batch of −300.00 out: closing 3,081.00. */
const MARCH: StatementSpec = {
  account: ACCOUNT_IBAN,
  id: 'STMT-2026-03',
  sequence: 3,
  from: '2026-03-01',
  to: '2026-03-31',
  opening: '1000.00',
  closing: '3081.00',
  entries: [
    {
      amount: '2500.00',
      creditDebit: 'CRDT',
      bookingDate: '2026-03-05',
      name: 'Hansen Maschinenbau GmbH',
      iban: CUSTOMER_IBAN,
      remittance: 'Rechnung AR-2026-0042',
    },
    {
      amount: '119.00',
      creditDebit: 'DBIT',
      bookingDate: '2026-03-10',
      name: 'Nordlicht Telekommunikation',
      iban: SUPPLIER_IBAN,
      endToEndId: 'E2E-TEL-0310',
      remittance: 'Kd-Nr 4711 Rechnung 202603',
    },
    {
      amount: '300.00',
      creditDebit: 'DBIT',
      bookingDate: '2026-03-20',
      batch: [
        { amount: '100.00', name: 'Lieferant Eins', iban: SUPPLIER_IBAN, remittance: 'RE 1' },
        { amount: '120.00', name: 'Lieferant Zwei', iban: SUPPLIER_IBAN, remittance: 'RE 2' },
        { amount: '80.00', name: 'Lieferant Drei', iban: SUPPLIER_IBAN, remittance: 'RE 3' },
      ],
    },
  ],
};

describe('bank statements: camt.053 uploads into bank transactions', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let accountId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Auszug GmbH');
    const [account] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: org.id, name: 'Hausbank', iban: ACCOUNT_IBAN })
      .returning();
    accountId = account!.id;
  });
  afterAll(async () => testApp.close());

  const get = <T>(path: string) => bankTransactionsGet<T>(testApp, org.admin.cookie, path);

  it('stores the statement with its balances, each entry as a transaction, a batch booking as its parts', async () => {
    const result = await importStatement(testApp, org, statementFile([MARCH]));
    expect(result).toMatchObject({ status: 'completed', entryCount: 5, createdCount: 5, skippedCount: 0 });

    const { items: statements } = await get<BankStatementList>('/statements');
    expect(statements).toEqual([
      expect.objectContaining({
        accountId,
        statementId: 'STMT-2026-03',
        sequenceNumber: '3',
        periodFrom: '2026-03-01',
        periodTo: '2026-03-31',
        openingBalance: { amount: 100_000, date: '2026-03-01' },
        closingBalance: { amount: 308_100, date: '2026-03-31' },
        creditTotal: 250_000,
        debitTotal: 41_900,
        entryCount: 3,
        difference: 0,
        fileName: 'auszug.xml',
      }),
    ]);

    const list = await get<BankTransactionList>('');
    // Newest booking first; the parts of one booking share its date (their order is by id).
    expect(list.items.map((item) => item.bookingDate)).toEqual([
      '2026-03-20',
      '2026-03-20',
      '2026-03-20',
      '2026-03-10',
      '2026-03-05',
    ]);
    expect(list.items.map((item) => [item.direction, item.amount, item.isBatch]).sort()).toEqual(
      [
        ['incoming', 250_000, false],
        ['outgoing', 10_000, true],
        ['outgoing', 11_900, false],
        ['outgoing', 12_000, true],
        ['outgoing', 8_000, true],
      ].sort(),
    );
    const incoming = list.items.find((item) => item.direction === 'incoming')!;
    expect(incoming).toMatchObject({
      counterpartyName: 'Hansen Maschinenbau GmbH',
      counterpartyIban: CUSTOMER_IBAN,
      remittanceInformation: 'Rechnung AR-2026-0042',
      accountName: 'Hausbank',
      source: 'camt053',
      matchingStatus: 'not_matched',
    });

    const batchPart = list.items.find((item) => item.amount === 12_000)!;
    const detail = await get<BankTransactionDetail>(`/${batchPart.id}`);
    expect(detail).toMatchObject({
      counterpartyName: 'Lieferant Zwei',
      remittanceInformation: 'RE 2',
      bankTransactionCode: 'PMNT-ICDT-ESCT',
      batch: { entryAmount: 30_000, transactionCount: 3 },
      statement: expect.objectContaining({ statementId: 'STMT-2026-03', difference: 0 }),
      matchedInvoices: [],
    });
  });

  it('adds nothing when the same file comes again', async () => {
    const again = await importStatement(testApp, org, statementFile([MARCH]));
    expect(again).toMatchObject({ status: 'completed', entryCount: 5, createdCount: 0, skippedCount: 5 });
    expect(again.problems.every((problem) => problem.code === 'already_known')).toBe(true);
    const stored = await testApp.database.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, org.id));
    expect(stored).toHaveLength(5);
    const statements = await testApp.database.db.select().from(bankStatements).where(eq(bankStatements.organizationId, org.id));
    expect(statements).toHaveLength(1);
  });

  it('adds only the new lines of a statement that overlaps one already read', async () => {
    const april: StatementSpec = {
      ...MARCH,
      id: 'STMT-2026-03-04',
      sequence: 4,
      from: '2026-03-10',
      to: '2026-04-02',
      opening: '3200.00',
      closing: '3031.00',
      entries: [
        MARCH.entries[1]!,
        { amount: '50.00', creditDebit: 'DBIT', bookingDate: '2026-04-01', name: 'Bank', remittance: 'Kontoführung 03/2026' },
      ],
    };
    const result = await importStatement(testApp, org, statementFile([april]));
    expect(result).toMatchObject({ status: 'completed', entryCount: 2, createdCount: 1, skippedCount: 1 });
    const totals = await get<BankTransactionTotals>('/totals');
    expect(totals).toEqual({
      count: 6,
      byCurrency: [{ currency: 'EUR', incoming: 250_000, incomingCount: 1, outgoing: 46_900, outgoingCount: 5 }],
    });
  });

  it('flags a statement whose entries do not lead from its opening to its closing balance', async () => {
    const wrong: StatementSpec = {
      ...MARCH,
      id: 'STMT-2026-05',
      from: '2026-05-01',
      to: '2026-05-31',
      opening: '-500.00',
      closing: '100.00',
      entries: [
        { amount: '400.00', creditDebit: 'CRDT', bookingDate: '2026-05-04', name: 'Vogel Medien KG', remittance: 'Anzahlung' },
      ],
    };
    await importStatement(testApp, org, statementFile([wrong]));
    const { items } = await get<BankStatementList>('/statements');
    // −500 + 400 − 0 − 100 = −200: 200.00 are missing from the entries.
    expect(items.find((item) => item.statementId === 'STMT-2026-05')).toMatchObject({
      openingBalance: { amount: -50_000, date: '2026-05-01' },
      closingBalance: { amount: 10_000, date: '2026-05-31' },
      difference: -20_000,
    });
  });

  it('filters by direction, dates, amounts and text, pages by keyset, and totals the filtered set', async () => {
    const incoming = await get<BankTransactionList>('?direction=incoming');
    expect(incoming.items.every((item) => item.direction === 'incoming')).toBe(true);
    expect(incoming.items.map((item) => item.amount).sort()).toEqual([250_000, 40_000].sort());

    const march = await get<BankTransactionList>('?from=2026-03-10&to=2026-03-31&minAmount=10000&maxAmount=12000');
    expect(march.items.map((item) => item.amount).sort()).toEqual([10_000, 11_900, 12_000]);

    // Folded search: "NORDLICHT" finds "Nordlicht", an IBAN with spaces finds it too.
    const byName = await get<BankTransactionList>('?search=nordlicht');
    expect(byName.items.map((item) => item.counterpartyName)).toEqual(['Nordlicht Telekommunikation']);
    const byIban = await get<BankTransactionList>(`?search=${encodeURIComponent('DE75 5121 0800')}`);
    expect(byIban.items.map((item) => item.counterpartyIban)).toEqual([CUSTOMER_IBAN]);
    const byText = await get<BankTransactionList>('?search=AR-2026-0042');
    expect(byText.items).toHaveLength(1);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: BankTransactionList = await get<BankTransactionList>(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(7);
    const all = await get<BankTransactionList>('?limit=200');
    expect(seen).toEqual(all.items.map((item) => item.id));

    const outgoingTotals = await get<BankTransactionTotals>('?direction=outgoing'.replace('?', '/totals?'));
    expect(outgoingTotals.byCurrency).toEqual([expect.objectContaining({ incoming: 0, outgoing: 46_900, outgoingCount: 5 })]);

    const bad = await testApp.app.inject({
      method: 'GET',
      url: '/api/bank-transactions?cursor=nonsense',
      headers: browser(org.admin.cookie),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a statement for an account the organisation does not have, naming it, and stores nothing', async () => {
    const before = await testApp.database.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, org.id));
    const response = await uploadStatement(testApp, org.admin.cookie, statementFile([{ ...MARCH, account: UNKNOWN_IBAN }]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'bank_statement_unknown_account', params: { iban: UNKNOWN_IBAN } });
    expect(response.json<{ message: string }>().message).toContain(UNKNOWN_IBAN);
    const after = await testApp.database.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, org.id));
    expect(after).toHaveLength(before.length);
  });

  it('skips, named, the statements of a file that are for other accounts', async () => {
    const other: StatementSpec = { ...MARCH, id: 'OTHER-1', account: UNKNOWN_IBAN };
    const mine: StatementSpec = {
      ...MARCH,
      id: 'STMT-2026-06',
      from: '2026-06-01',
      to: '2026-06-30',
      opening: '0.00',
      closing: '10.00',
      entries: [{ amount: '10.00', creditDebit: 'CRDT', bookingDate: '2026-06-02', name: 'Zinsen', remittance: 'Zinsen Q2' }],
    };
    const result = await importStatement(testApp, org, statementFile([mine, other]));
    expect(result).toMatchObject({ status: 'completed', createdCount: 1, skippedCount: 5 });
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        kind: 'skipped',
        code: 'unknown_account',
        params: expect.objectContaining({ iban: UNKNOWN_IBAN }),
      }),
    );
  });

  it('refuses a pain.001, a file that is no bank file and a broken one, storing nothing', async () => {
    const pain = painXml('MSG-1', [
      { debtorIban: ACCOUNT_IBAN, executionDate: '2026-03-01', payments: [{ amount: '1.00', iban: SUPPLIER_IBAN, name: 'X' }] },
    ]);
    const painResponse = await uploadStatement(testApp, org.admin.cookie, pain);
    expect(painResponse.statusCode).toBe(422);
    expect(painResponse.json()).toMatchObject({ code: 'bank_statement_not_camt' });

    const text = await uploadStatement(testApp, org.admin.cookie, 'Kontoauszug März\n1.000,00 EUR');
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({ code: 'bank_file_unrecognised' });

    const count = async () =>
      (await testApp.database.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, org.id))).length;
    const before = await count();
    const cut = statementFile([{ ...MARCH, id: 'CUT-1', from: '2026-07-01', to: '2026-07-31' }]).slice(0, -200);
    const broken = await importStatement(testApp, org, cut);
    expect(broken).toMatchObject({ status: 'failed', failureCode: 'file_truncated' });
    // What was read before the cut may stay (it is real), but nothing twice and nothing invented.
    expect(await count()).toBeLessThanOrEqual(before + 5);
  });

  it('books the exported payment an outgoing line pays: by end-to-end id, else amount, IBAN and date', async () => {
    const [run] = await testApp.database.db
      .insert(paymentRuns)
      .values({
        organizationId: org.id,
        number: 1,
        name: 'August',
        status: 'exported',
        exportFileKey: `org/${org.id}/runs/1.xml`,
      })
      .returning();
    const exported = (endToEndId: string, amount: number, date: string) => ({
      organizationId: org.id,
      origin: 'manual' as const,
      status: 'exported' as const,
      amount,
      currency: 'EUR',
      requestedExecutionDate: date,
      endToEndId,
      debitorName: 'Auszug GmbH',
      debitorIban: ACCOUNT_IBAN,
      creditorName: 'Lieferant Alpha GmbH',
      creditorIban: SUPPLIER_IBAN,
      paymentRunId: run!.id,
    });
    const [byReference, byAmount, untouched] = await testApp.database.db
      .insert(transactions)
      .values([
        exported('KONTOR-E2E-0001', 45_000, '2026-08-03'),
        exported('KONTOR-E2E-0002', 7_725, '2026-08-03'),
        exported('KONTOR-E2E-0003', 9_999, '2026-08-03'),
      ])
      .returning();
    const august: StatementSpec = {
      ...MARCH,
      id: 'STMT-2026-08',
      from: '2026-08-01',
      to: '2026-08-31',
      opening: '1000.00',
      closing: '477.25',
      entries: [
        // The bank booked it with another amount (fees deducted): the end-to-end id still decides.
        {
          amount: '450.00',
          creditDebit: 'DBIT',
          bookingDate: '2026-08-04',
          name: 'Lieferant Alpha GmbH',
          iban: SUPPLIER_IBAN,
          endToEndId: 'KONTOR-E2E-0001',
        },
        {
          amount: '77.25',
          creditDebit: 'DBIT',
          bookingDate: '2026-08-05',
          name: 'Lieferant Alpha GmbH',
          iban: SUPPLIER_IBAN,
          remittance: 'RE 77',
        },
      ],
    };
    await importStatement(testApp, org, statementFile([august]));
    const rows = await testApp.database.db.select().from(transactions).where(eq(transactions.organizationId, org.id));
    const bookingOf = (id: string) => rows.find((row) => row.id === id)!.bookingDate;
    expect(bookingOf(byReference!.id)).toBe('2026-08-04');
    expect(bookingOf(byAmount!.id)).toBe('2026-08-05');
    expect(bookingOf(untouched!.id)).toBeNull();
    const [line] = await testApp.database.db
      .select()
      .from(bankTransactions)
      .where(and(eq(bankTransactions.organizationId, org.id), eq(bankTransactions.endToEndId, 'KONTOR-E2E-0001')));
    expect(line!.paymentTransactionId).toBe(byReference!.id);
    const detail = await get<BankTransactionDetail>(`/${line!.id}`);
    expect(detail.bookedPayment).toMatchObject({ id: byReference!.id, endToEndId: 'KONTOR-E2E-0001', amount: 45_000 });
  });

  it('answers 404 for an unknown transaction and keeps an account with bookings from being deleted', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/bank-transactions/00000000-0000-4000-8000-000000000000',
      headers: browser(org.admin.cookie),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'bank_transaction_not_found' });
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/company-bank-accounts/${accountId}`,
      headers: browser(org.admin.cookie),
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'bank_account_has_transactions' });
  });
});
