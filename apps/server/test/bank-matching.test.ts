import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankMatchProposal, BankMatchView, BankTransactionDetail } from '@kontor/domain';
import { activityLog, bankTransactions, companyBankAccounts, invoices, organizations } from '../src/db/schema';
import { bankTransactionsGet, importStatement, statementFile, type StatementEntry } from './bank-statement-fixtures';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';

const ACCOUNT_IBAN = 'DE89370400440532013000';
const SUPPLIER_IBAN = 'DE02120300000000202051';
const OTHER_IBAN = 'DE44500105175407324931';

/** Issue 62: proposals with their reasons, match and unmatch from both sides, automatic exact matches. */
describe('bank matching', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let statementNumber = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Abgleich GmbH');
    await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: org.id, name: 'Hausbank', iban: ACCOUNT_IBAN });
  });
  afterAll(async () => testApp.close());

  const invoice = (invoiceNumber: string, totalAmount: number, extra: Partial<typeof invoices.$inferInsert> = {}) =>
    insertInvoiceRow(testApp, org.id, {
      status: 'approved',
      invoiceNumber,
      totalAmount,
      currency: 'EUR',
      counterpartyName: 'Lieferant Alpha GmbH',
      counterpartyIban: SUPPLIER_IBAN,
      date: '2026-09-01',
      dueDate: '2026-09-30',
      ...extra,
    });

  /** Imports one statement with these outgoing lines; answers their ids in order. */
  const lines = async (entries: readonly Omit<StatementEntry, 'creditDebit' | 'bookingDate'>[]) => {
    statementNumber += 1;
    const day = '2026-09-15';
    await importStatement(
      testApp,
      org,
      statementFile([
        {
          account: ACCOUNT_IBAN,
          id: `MATCH-${statementNumber}`,
          sequence: statementNumber,
          from: day,
          to: day,
          opening: '0.00',
          closing: '0.00',
          entries: entries.map((entry) => ({ ...entry, creditDebit: 'DBIT' as const, bookingDate: day })),
        },
      ]),
    );
    const rows = await testApp.database.db
      .select({ id: bankTransactions.id, remittance: bankTransactions.remittanceInformation })
      .from(bankTransactions)
      .where(eq(bankTransactions.organizationId, org.id));
    return entries.map((entry) => rows.find((row) => row.remittance === entry.remittance)!.id);
  };

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(org.admin.cookie), ...(payload ? { payload } : {}) });
  const invoiceRow = async (id: string) =>
    (
      await testApp.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, org.id), eq(invoices.id, id)))
    )[0]!;

  it('proposes an invoice by its reference, amount and IBAN, says why, and matches and unmatches it', async () => {
    const invoiceId = await invoice('RE-2026-0917', 45_000);
    const [lineId] = await lines([
      { amount: '450.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'Rechnung RE 2026 0917' },
    ]);
    const proposals = (await call('GET', `/api/bank-transactions/${lineId}/proposals`)).json<{ items: BankMatchProposal[] }>()
      .items;
    expect(proposals[0]).toMatchObject({
      exact: true,
      allocations: [
        {
          target: { kind: 'invoice', id: invoiceId, reference: 'RE-2026-0917', openAmount: 45_000 },
          amount: 45_000,
          writeOff: 0,
        },
      ],
    });
    expect(proposals[0]!.reasons.map((reason) => reason.code)).toEqual(
      expect.arrayContaining(['reference_found', 'amount_equal', 'iban_known']),
    );

    const matched = await call('POST', `/api/bank-transactions/${lineId}/matches`, {
      target: { kind: 'invoice', id: invoiceId },
      amount: 45_000,
      reasons: proposals[0]!.reasons,
    });
    expect(matched.statusCode, matched.body).toBe(201);
    const [match] = matched.json<{ items: BankMatchView[] }>().items;
    expect(match).toMatchObject({ amount: 45_000, origin: 'manual', target: { id: invoiceId, openAmount: 0 } });
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchedAmount: 45_000, matchingStatus: 'fully_matched' });
    const detail = await bankTransactionsGet<BankTransactionDetail>(testApp, org.admin.cookie, `/${lineId}`);
    expect(detail).toMatchObject({ matchingStatus: 'fully_matched', matchedAmount: 45_000 });
    expect(detail.matchedInvoices).toEqual([{ invoiceId, invoiceNumber: 'RE-2026-0917', amount: 45_000 }]);
    const fromInvoice = (await call('GET', `/api/invoices/${invoiceId}/bank-matches`)).json<{ items: BankMatchView[] }>().items;
    expect(fromInvoice.map((item) => item.id)).toEqual([match!.id]);

    const undone = await call('DELETE', `/api/bank-transactions/${lineId}/matches/${match!.id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ items: BankMatchView[] }>().items).toEqual([]);
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchedAmount: 0, matchingStatus: 'not_matched' });
    const restored = await bankTransactionsGet<BankTransactionDetail>(testApp, org.admin.cookie, `/${lineId}`);
    expect(restored).toMatchObject({ matchingStatus: 'not_matched', matchedAmount: 0, matchedInvoices: [] });
    const log = await testApp.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.entityId, invoiceId)));
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['match', 'unmatch']));
  });

  it('leaves an open rest after a partial payment, and refuses more than is open with the figures', async () => {
    const invoiceId = await invoice('RE-2026-1001', 100_000);
    const [first, second] = await lines([
      { amount: '600.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'Teilzahlung RE-2026-1001' },
      { amount: '500.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'Rest RE-2026-1001' },
    ]);
    const partial = await call('POST', `/api/bank-transactions/${first}/matches`, {
      target: { kind: 'invoice', id: invoiceId },
      amount: 60_000,
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchedAmount: 60_000, matchingStatus: 'partially_matched' });

    const tooMuch = await call('POST', `/api/bank-transactions/${second}/matches`, {
      target: { kind: 'invoice', id: invoiceId },
      amount: 50_000,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'bank_match_exceeds_open',
      params: { lineOpen: '500,00 EUR', targetOpen: '400,00 EUR' },
    });
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchedAmount: 60_000 });

    const rest = await call('POST', `/api/bank-transactions/${second}/matches`, {
      target: { kind: 'invoice', id: invoiceId },
      amount: 40_000,
    });
    expect(rest.statusCode).toBe(201);
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchedAmount: 100_000, matchingStatus: 'fully_matched' });
    const line = await bankTransactionsGet<BankTransactionDetail>(testApp, org.admin.cookie, `/${second}`);
    expect(line).toMatchObject({ matchingStatus: 'partially_matched', matchedAmount: 40_000 });
  });

  it('lets one of two people matching the same line at once win, and tells the other', async () => {
    const [a, b] = [await invoice('RE-2026-2001', 30_000), await invoice('RE-2026-2002', 30_000)];
    const [lineId] = await lines([
      { amount: '300.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'Sammelzahlung 2001 2002' },
    ]);
    const results = await Promise.all(
      [a, b].map((id) =>
        call('POST', `/api/bank-transactions/${lineId}/matches`, { target: { kind: 'invoice', id }, amount: 30_000 }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 422]);
    const loser = results.find((result) => result.statusCode === 422)!;
    expect(loser.json()).toMatchObject({ code: 'bank_match_exceeds_open', params: { lineOpen: '0,00 EUR' } });
  });

  it('settles an invoice paid less its skonto, and applies exact matches automatically after an import', async () => {
    const skonto = await invoice('RE-2026-3001', 100_000, { skontoAmount: 2_000, skontoDate: '2026-09-20' });
    const exact = await invoice('RE-2026-3002', 12_345);
    const wrongIban = await invoice('RE-2026-3003', 9_900);
    await lines([
      { amount: '980.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'RE-2026-3001 abzgl. 2% Skonto' },
      { amount: '123.45', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'RE-2026-3002' },
      { amount: '99.00', name: 'Jemand Anderes', iban: OTHER_IBAN, remittance: 'RE-2026-3003' },
    ]);
    const result = await testApp.app.bankMatching.service.autoMatch(org.id);
    // The two exact ones of this test; not the first test's line, which a person unmatched.
    expect(result).toEqual({ applied: 2, skipped: 0 });
    expect(await invoiceRow(skonto)).toMatchObject({ matchedAmount: 100_000, matchingStatus: 'fully_matched' });
    expect(await invoiceRow(exact)).toMatchObject({ matchedAmount: 12_345, matchingStatus: 'fully_matched' });
    // Reference and amount fit, but another IBAN: a person decides.
    expect(await invoiceRow(wrongIban)).toMatchObject({ matchedAmount: 0, matchingStatus: 'not_matched' });
  });

  it('proposes from the invoice’s side the open lines that may pay it, and matches from there', async () => {
    const invoiceId = await invoice('RE-2026-5001', 70_000);
    const [lineId] = await lines([
      { amount: '700.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'RE 2026-5001' },
    ]);
    const response = await call('GET', `/api/invoices/${invoiceId}/bank-proposals`);
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json<{ items: BankMatchProposal[] }>().items;
    expect(best).toMatchObject({
      allocations: [{ lineId, target: { id: invoiceId }, amount: 70_000 }],
      lines: [{ id: lineId, openAmount: 70_000, remittanceInformation: 'RE 2026-5001' }],
    });
    const matched = await call('POST', `/api/bank-transactions/${lineId}/matches`, {
      target: { kind: 'invoice', id: invoiceId },
      amount: 70_000,
      reasons: best!.reasons,
    });
    expect(matched.statusCode).toBe(201);
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchingStatus: 'fully_matched' });
    expect((await call('GET', `/api/invoices/${invoiceId}/bank-proposals`)).json()).toEqual({ items: [] });
  });

  it('applies nothing automatically when the organisation switched it off', async () => {
    await testApp.database.db.update(organizations).set({ bankAutoMatch: false }).where(eq(organizations.id, org.id));
    const invoiceId = await invoice('RE-2026-4001', 5_000);
    await lines([{ amount: '50.00', name: 'Lieferant Alpha GmbH', iban: SUPPLIER_IBAN, remittance: 'RE-2026-4001' }]);
    expect(await testApp.app.bankMatching.service.autoMatch(org.id)).toEqual({ applied: 0, skipped: 0 });
    expect(await invoiceRow(invoiceId)).toMatchObject({ matchingStatus: 'not_matched' });
    await testApp.database.db.update(organizations).set({ bankAutoMatch: true }).where(eq(organizations.id, org.id));
  });

  it('answers 404 for another organisation’s line, invoice or match', async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Fremd GmbH');
    const foreignInvoice = await insertInvoiceRow(testApp, other.id, { status: 'approved', totalAmount: 100, currency: 'EUR' });
    const [lineId] = await lines([{ amount: '1.00', name: 'X', iban: SUPPLIER_IBAN, remittance: 'foreign test' }]);
    const response = await call('POST', `/api/bank-transactions/${lineId}/matches`, {
      target: { kind: 'invoice', id: foreignInvoice },
      amount: 100,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'invoice_not_found' });
    const cancelled = await invoice('RE-2026-6001', 100, { status: 'cancelled' });
    const refused = await call('POST', `/api/bank-transactions/${lineId}/matches`, {
      target: { kind: 'invoice', id: cancelled },
      amount: 100,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'bank_match_not_payable' });
    const missing = await call('DELETE', `/api/bank-transactions/${lineId}/matches/00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
  });
});
