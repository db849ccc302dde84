import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFlagCode } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import {
  counterpartyEmailVerifications,
  counterpartyExecutiveVerifications,
  invoiceReadings,
  type transactions,
} from '../src/db/schema';
import { analyseTransactionRows } from '../src/modules/transactions/analysis/analyse-transactions';
import type { TransactionRow } from '../src/modules/transactions/transaction-rows';
import { createOrganizationWithAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';
import { IBANS, daysAgo, insertCounterparty, insertHistory, insertTransaction, isoDay } from './transactions-fixtures';

describe('fraud checks of transactions (issue 7 item 6)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  /** Each test gets an organisation of its own: the checks read everything paid in it. */
  const newOrg = async () => (await createOrganizationWithAdmin(testApp)).id;

  const analyse = async (orgId: string, rows: TransactionRow[]) =>
    testApp.database.withOrg({ orgId: asOrgId(orgId), userId: null }, (tx) => analyseTransactionRows(tx, asOrgId(orgId), rows));

  const analyseOne = async (orgId: string, values: Partial<typeof transactions.$inferInsert> = {}) => {
    const row = await insertTransaction(testApp, orgId, values);
    const [analysed] = await analyse(orgId, [row]);
    return analysed!;
  };
  const codes = (row: TransactionRow) => row.analysisFlags.map((flag) => flag.code);
  const flagOf = (row: TransactionRow, code: AnalysisFlagCode) => row.analysisFlags.find((flag) => flag.code === code);

  describe('iban_never_paid', () => {
    it('flags an IBAN without history or exported payment, with its params', async () => {
      const orgId = await newOrg();
      const row = await analyseOne(orgId, { creditorName: 'Neu GmbH' });
      expect(flagOf(row, 'iban_never_paid')).toMatchObject({
        severity: 'note',
        params: { iban: IBANS.supplier, counterpartyName: 'Neu GmbH' },
      });
      expect(flagOf(row, 'iban_never_paid')!.reason).toContain('never paid before');
      // No counterparty: its unverified account is a warning; never paid alone would be a note.
      expect(flagOf(row, 'bank_account_not_verified')?.severity).toBe('warning');
      expect(row.analysisStatus).toBe('warning');
      expect(row.analysedAt).not.toBeNull();
    });

    it('does not flag an IBAN in the trusted history or already exported', async () => {
      const orgId = await newOrg();
      await insertHistory(testApp, orgId, { creditorIban: IBANS.supplier });
      expect(codes(await analyseOne(orgId))).not.toContain('iban_never_paid');

      const other = await newOrg();
      await insertTransaction(testApp, other, {
        status: 'archived',
        exportedAt: daysAgo(20),
        requestedExecutionDate: isoDay(-200),
      });
      expect(codes(await analyseOne(other))).not.toContain('iban_never_paid');
    });

    it('counts only payments to the same counterparty when the transaction has one', async () => {
      const orgId = await newOrg();
      const mine = await insertCounterparty(testApp, orgId);
      const someoneElse = await insertCounterparty(testApp, orgId);
      await insertHistory(testApp, orgId, { counterpartyId: someoneElse.id });
      expect(codes(await analyseOne(orgId, { counterpartyId: mine.id }))).toContain('iban_never_paid');
      await insertHistory(testApp, orgId, { counterpartyId: mine.id, amount: 555 });
      expect(codes(await analyseOne(orgId, { counterpartyId: mine.id }))).not.toContain('iban_never_paid');
    });
  });

  describe('notes and warnings (issue 59)', () => {
    it('gives the first payment to an account stored at the counterparty notes only: trusted, no warning', async () => {
      const orgId = await newOrg();
      const supplier = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      const row = await analyseOne(orgId, { counterpartyId: supplier.id });
      expect(row.analysisFlags.map((flag) => [flag.code, flag.severity]).sort()).toEqual([
        ['bank_account_not_verified', 'note'],
        ['iban_never_paid', 'note'],
      ]);
      expect(row.analysisStatus).toBe('trusted');
    });

    it('warns of an IBAN the counterparty record does not have', async () => {
      const orgId = await newOrg();
      const supplier = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      const row = await analyseOne(orgId, { counterpartyId: supplier.id, creditorIban: IBANS.other });
      expect(flagOf(row, 'bank_account_not_verified')?.severity).toBe('warning');
      expect(row.analysisStatus).toBe('warning');
    });
  });

  describe('bank_account_not_verified', () => {
    it('flags a transaction without counterparty and an unverified account, not a trusted counterparty', async () => {
      const orgId = await newOrg();
      expect(codes(await analyseOne(orgId))).toContain('bank_account_not_verified');
      const unverified = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      expect(codes(await analyseOne(orgId, { counterpartyId: unverified.id }))).toContain('bank_account_not_verified');
      const trusted = await insertCounterparty(testApp, orgId, { isTrusted: true }, [{ iban: IBANS.supplier }]);
      expect(codes(await analyseOne(orgId, { counterpartyId: trusted.id }))).not.toContain('bank_account_not_verified');
    });

    it('accepts a matching e-mail verification or an approved executive verification of that IBAN only', async () => {
      const orgId = await newOrg();
      const byMail = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      await testApp.database.db.insert(counterpartyEmailVerifications).values({
        organizationId: orgId,
        counterpartyId: byMail.id,
        bankAccountId: byMail.accounts[0]!.id,
        iban: IBANS.supplier,
        email: 'buchhaltung@lieferant.test',
        status: 'completed',
        result: 'match',
        tokenHash: `hash-${byMail.id}`,
        tokenExpiresAt: daysAgo(-5),
      });
      expect(codes(await analyseOne(orgId, { counterpartyId: byMail.id }))).not.toContain('bank_account_not_verified');

      const byExecutive = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }, { iban: IBANS.other }]);
      await testApp.database.db.insert(counterpartyExecutiveVerifications).values({
        organizationId: orgId,
        counterpartyId: byExecutive.id,
        bankAccountId: byExecutive.accounts[0]!.id,
        iban: IBANS.supplier,
        requiredApprovals: 1,
        outcome: 'approved',
      });
      expect(codes(await analyseOne(orgId, { counterpartyId: byExecutive.id }))).not.toContain('bank_account_not_verified');
      // The other account of the same counterparty is not verified.
      expect(codes(await analyseOne(orgId, { counterpartyId: byExecutive.id, creditorIban: IBANS.other }))).toContain(
        'bank_account_not_verified',
      );

      const mismatch = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      await testApp.database.db.insert(counterpartyEmailVerifications).values({
        organizationId: orgId,
        counterpartyId: mismatch.id,
        bankAccountId: mismatch.accounts[0]!.id,
        iban: IBANS.supplier,
        email: 'buchhaltung@lieferant.test',
        status: 'completed',
        result: 'mismatch',
        tokenHash: `hash-${mismatch.id}`,
        tokenExpiresAt: daysAgo(-5),
      });
      expect(codes(await analyseOne(orgId, { counterpartyId: mismatch.id }))).toContain('bank_account_not_verified');
    });
  });

  describe('iban_changed_recently', () => {
    it('flags an account added within 30 days to a counterparty that existed before', async () => {
      const orgId = await newOrg();
      const counterparty = await insertCounterparty(testApp, orgId, { createdAt: daysAgo(100) }, [
        { iban: IBANS.supplier, createdAt: daysAgo(5) },
      ]);
      const row = await analyseOne(orgId, { counterpartyId: counterparty.id });
      expect(flagOf(row, 'iban_changed_recently')).toMatchObject({
        severity: 'suspicious',
        params: { iban: IBANS.supplier, counterpartyName: counterparty.name, days: 5 },
      });
      expect(row.analysisStatus).toBe('suspicious');
    });

    it("does not flag a new supplier's first account or an account older than 30 days", async () => {
      const orgId = await newOrg();
      const newSupplier = await insertCounterparty(testApp, orgId, { createdAt: daysAgo(3) }, [
        { iban: IBANS.supplier, createdAt: daysAgo(3) },
      ]);
      expect(codes(await analyseOne(orgId, { counterpartyId: newSupplier.id }))).not.toContain('iban_changed_recently');
      const oldAccount = await insertCounterparty(testApp, orgId, { createdAt: daysAgo(400) }, [
        { iban: IBANS.supplier, createdAt: daysAgo(40) },
      ]);
      expect(codes(await analyseOne(orgId, { counterpartyId: oldAccount.id }))).not.toContain('iban_changed_recently');
    });
  });

  describe('iban_country_differs', () => {
    it("flags an IBAN from another country than the counterparty's, only when the country is set", async () => {
      const orgId = await newOrg();
      const austrian = await insertCounterparty(testApp, orgId, { country: 'AT' });
      const row = await analyseOne(orgId, { counterpartyId: austrian.id });
      expect(flagOf(row, 'iban_country_differs')?.params).toMatchObject({ ibanCountry: 'DE', country: 'AT' });
      const german = await insertCounterparty(testApp, orgId, { country: 'DE' });
      expect(codes(await analyseOne(orgId, { counterpartyId: german.id }))).not.toContain('iban_country_differs');
      const unknown = await insertCounterparty(testApp, orgId, { country: null });
      expect(codes(await analyseOne(orgId, { counterpartyId: unknown.id }))).not.toContain('iban_country_differs');
    });
  });

  describe('amount_above_history', () => {
    it('flags more than 3× the average of at least 3 payments of the last 12 months', async () => {
      const orgId = await newOrg();
      for (const days of [30, 60, 90]) {
        await insertHistory(testApp, orgId, { amount: 10_000, paidOn: isoDay(-days), remittanceInformation: `R${days}` });
      }
      // A payment older than 12 months does not count.
      await insertHistory(testApp, orgId, { amount: 1_000_000, paidOn: isoDay(-400) });
      const high = await analyseOne(orgId, { amount: 30_001 });
      expect(flagOf(high, 'amount_above_history')?.params).toMatchObject({ amount: 30_001, averageAmount: 10_000, count: 3 });
      expect(codes(await analyseOne(orgId, { amount: 30_000 }))).not.toContain('amount_above_history');
    });

    it('needs at least 3 earlier payments', async () => {
      const orgId = await newOrg();
      await insertHistory(testApp, orgId, { amount: 10_000, paidOn: isoDay(-30) });
      await insertTransaction(testApp, orgId, {
        status: 'archived',
        exportedAt: daysAgo(50),
        amount: 10_000,
        requestedExecutionDate: isoDay(-50),
      });
      expect(codes(await analyseOne(orgId, { amount: 900_000 }))).not.toContain('amount_above_history');
    });
  });

  describe('possible_duplicate', () => {
    it('flags the same IBAN, amount and remittance (ignoring case and spaces) within 90 days', async () => {
      const orgId = await newOrg();
      await insertTransaction(testApp, orgId, {
        amount: 4_200,
        remittanceInformation: 're 2026 7',
        requestedExecutionDate: isoDay(-20),
      });
      const row = await analyseOne(orgId, { amount: 4_200, remittanceInformation: 'RE20267' });
      expect(flagOf(row, 'possible_duplicate')).toMatchObject({
        severity: 'suspicious',
        params: { days: 20, source: 'transaction', amount: 4_200 },
      });
    });

    it('ignores cancelled transactions, other amounts, other remittances and payments more than 90 days apart', async () => {
      const orgId = await newOrg();
      await insertTransaction(testApp, orgId, { amount: 4_200, status: 'cancelled_archived' });
      await insertTransaction(testApp, orgId, { amount: 4_201 });
      await insertTransaction(testApp, orgId, { amount: 4_200, remittanceInformation: 'RE-2' });
      await insertTransaction(testApp, orgId, { amount: 4_200, requestedExecutionDate: isoDay(-91) });
      expect(codes(await analyseOne(orgId, { amount: 4_200 }))).not.toContain('possible_duplicate');
    });

    it('flags a history entry, and two equal rows analysed together', async () => {
      const orgId = await newOrg();
      await insertHistory(testApp, orgId, { amount: 7_700, remittanceInformation: 'RE-1', paidOn: isoDay(-3) });
      expect(flagOf(await analyseOne(orgId, { amount: 7_700 }), 'possible_duplicate')?.params).toMatchObject({
        source: 'history',
        days: 3,
      });
      const first = await insertTransaction(testApp, orgId, { amount: 8_800, creditorIban: IBANS.other });
      const second = await insertTransaction(testApp, orgId, { amount: 8_800, creditorIban: IBANS.other });
      const analysed = await analyse(orgId, [first, second]);
      expect(analysed.map((row) => row.id)).toEqual([first.id, second.id]);
      expect(analysed.every((row) => codes(row).includes('possible_duplicate'))).toBe(true);
    });
  });

  describe('invoice_iban_differs', () => {
    it("blocks a transaction whose invoice IBAN is not among its counterparty's bank accounts", async () => {
      const orgId = await newOrg();
      const counterparty = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.other }]);
      const invoiceId = await insertInvoiceRow(testApp, orgId, {
        counterpartyId: counterparty.id,
        counterpartyIban: IBANS.supplier,
      });
      const row = await analyseOne(orgId, { origin: 'invoice', invoiceId, counterpartyId: counterparty.id });
      expect(flagOf(row, 'invoice_iban_differs')).toMatchObject({
        severity: 'blocked',
        params: { iban: IBANS.supplier, counterpartyName: counterparty.name },
      });
      expect(row.analysisStatus).toBe('blocked');
    });

    it('does not flag when the counterparty has the invoice IBAN', async () => {
      const orgId = await newOrg();
      const counterparty = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      const invoiceId = await insertInvoiceRow(testApp, orgId, {
        counterpartyId: counterparty.id,
        counterpartyIban: 'DE02 1203 0000 0000 2020 51',
      });
      const row = await analyseOne(orgId, { origin: 'invoice', invoiceId, counterpartyId: counterparty.id });
      expect(codes(row)).not.toContain('invoice_iban_differs');
    });
  });

  describe('invoice_payee_differs', () => {
    it('flags a payment of an invoice whose document names a payee other than the seller (EN 16931 BG-10)', async () => {
      const orgId = await newOrg();
      const counterparty = await insertCounterparty(testApp, orgId, {}, [{ iban: IBANS.supplier }]);
      const invoiceId = await insertInvoiceRow(testApp, orgId, {
        counterpartyId: counterparty.id,
        counterpartyIban: IBANS.supplier,
      });
      const plain = await analyseOne(orgId, { origin: 'invoice', invoiceId, counterpartyId: counterparty.id });
      expect(codes(plain)).not.toContain('invoice_payee_differs');

      await testApp.database.db.insert(invoiceReadings).values({
        organizationId: orgId,
        invoiceId,
        payment: {
          means: 'transfer',
          account: { iban: IBANS.supplier, isValid: true, bic: null, role: 'payee' },
          payee: { name: 'Factoring Bank AG', vatNumber: null },
        },
      });
      const [row] = await analyse(orgId, [plain]);
      expect(flagOf(row!, 'invoice_payee_differs')).toMatchObject({
        severity: 'suspicious',
        params: { payeeName: 'Factoring Bank AG', counterpartyName: counterparty.name },
      });
    });
  });

  describe('analysis state', () => {
    it('is trusted without flags', async () => {
      const orgId = await newOrg();
      const counterparty = await insertCounterparty(testApp, orgId, { isTrusted: true, country: 'DE', createdAt: daysAgo(400) }, [
        { iban: IBANS.supplier, createdAt: daysAgo(300) },
      ]);
      await insertHistory(testApp, orgId, { counterpartyId: counterparty.id, remittanceInformation: 'older' });
      const row = await analyseOne(orgId, { counterpartyId: counterparty.id });
      expect(row.analysisFlags).toEqual([]);
      expect(row.analysisStatus).toBe('trusted');
      expect(row.version).toBe(2);
    });

    it('keeps a manual decision while the flags stay the same and drops it when they change', async () => {
      const orgId = await newOrg();
      const first = await analyseOne(orgId, { creditorName: 'Same GmbH' });
      const decidedAt = new Date();
      const marked = await insertTransaction(testApp, orgId, {
        creditorName: 'Same GmbH',
        amount: 20_000,
        analysisStatus: 'marked_ok',
        analysisFlags: first.analysisFlags,
        analysisNote: 'Known supplier',
        analysisDecidedAt: decidedAt,
      });
      const [kept] = await analyse(orgId, [marked]);
      expect(kept).toMatchObject({ analysisStatus: 'marked_ok', analysisNote: 'Known supplier' });
      expect(kept!.analysisDecidedAt).not.toBeNull();

      // An exported payment to the IBAN removes iban_never_paid: the flags differ, the decision goes.
      await insertTransaction(testApp, orgId, {
        status: 'archived',
        exportedAt: daysAgo(200),
        requestedExecutionDate: isoDay(-200),
      });
      const [replaced] = await analyse(orgId, [kept!]);
      expect(replaced).toMatchObject({ analysisStatus: 'warning', analysisNote: null, analysisDecidedAt: null });
      expect(codes(replaced!)).not.toContain('iban_never_paid');
    });
  });
});
