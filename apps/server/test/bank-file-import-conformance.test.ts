/**
 * Every camt.053 and pain.001 file of the shared fixtures, uploaded and imported through the API
 * (issue 7 "tests that must exist"): the counts and sums of EXPECTED_camt_summaries.json and
 * EXPECTED_pain001_summaries.json come out of what the import stored and what it skipped (skips
 * carry their amount). Each file goes to an organisation of its own, so no file's entries are
 * "already known" from another.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIban, todayIso, type BankFileImport } from '@kontor/domain';
import { bankStatements, bankTransactions, companyBankAccounts, paymentHistory, transactions } from '../src/db/schema';
import { importBankFile } from './bank-file-import-fixtures';
import { importStatement } from './bank-statement-fixtures';
import { createOrganizationWithAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const fixtures = process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures');
const camtExpectedFile = path.join(fixtures, 'camt053', 'EXPECTED_camt_summaries.json');
const painExpectedFile = path.join(fixtures, 'pain001', 'EXPECTED_pain001_summaries.json');
const present = existsSync(camtExpectedFile) && existsSync(painExpectedFile);
if (!present) console.warn(`bank file import conformance skipped: ${camtExpectedFile} not found (set KONTOR_FIXTURES)`);

interface ExpectedStatement {
  iban: string | null;
  balances: Record<string, string>;
  entry_count: number;
  entry_status_counts: Record<string, number>;
  sum_credit: string;
  sum_debit: string;
}
interface ExpectedPain {
  computed_sum: string;
  computed_tx_count: number;
  payment_infos: { currencies: string[]; debtor_iban: string; tx_count: number; sum_instructed: string }[];
}

function load<T>(file: string): Record<string, T> {
  return present ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {};
}
const camtExpected = load<{ statements: ExpectedStatement[] }>(camtExpectedFile);
const painExpected = load<ExpectedPain>(painExpectedFile);

/** A decimal amount in cents (every fixture currency has two decimals; "8.850" is 885). */
function cents(decimal: string | number): number {
  const [units = '0', fraction = ''] = String(decimal).split('.');
  const extra = fraction.slice(2);
  expect(/^0*$/.test(extra), `${decimal} has more than two decimals`).toBe(true);
  return Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** The skips with these codes, added up from their amount parameter. */
function skippedSum(result: BankFileImport, codes: readonly string[]): number {
  return sumOf(
    result.problems
      .filter((problem) => problem.kind === 'skipped' && codes.includes(problem.code))
      .map((problem) => cents(problem.params!.amount!)),
  );
}

/** Skips the readers make themselves: they carry no amount, so a file with them is compared by counts only. */
const READER_SKIPS = [
  'malformed_xml',
  'missing_amount',
  'malformed_amount',
  'missing_currency',
  'invalid_currency',
  'missing_credit_debit',
  'malformed_date',
  'missing_creditor_account',
];

describe.skipIf(!present)('bank file import conformance (shared fixtures)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  const importFixture = async (relative: string, kind: 'transactions' | 'trusted_history') => {
    const org = await createOrganizationWithAdmin(testApp);
    const result = await importBankFile(testApp, org, kind, readFileSync(path.join(fixtures, relative)));
    expect(result.status, `${relative}: ${result.failureCode}`).toBe('completed');
    expect(result.createdCount + result.skippedCount).toBe(result.entryCount);
    return { org, result };
  };

  it.each(Object.entries(camtExpected))('camt053/%s as trusted history', async (relative, expected) => {
    const { result } = await importFixture(path.join('camt053', relative), 'trusted_history');
    const entries = sumOf(expected.statements.map((statement) => statement.entry_count));
    // A batch booking yields one payment per transaction detail: at least one per entry.
    expect(result.entryCount).toBeGreaterThanOrEqual(entries);
    expect(result.problems.filter((problem) => READER_SKIPS.includes(problem.code))).toEqual([]);
    const stored = await testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.importId, result.id));
    expect(stored).toHaveLength(result.createdCount);
    expect(stored.every((row) => row.source === 'camt053' && isIban(row.creditorIban))).toBe(true);

    const debit =
      sumOf(stored.map((row) => row.amount)) + skippedSum(result, ['no_iban', 'not_booked', 'invalid_amount', 'already_known']);
    expect(debit).toBe(sumOf(expected.statements.map((statement) => cents(statement.sum_debit))));
    expect(skippedSum(result, ['incoming_payment'])).toBe(
      sumOf(expected.statements.map((statement) => cents(statement.sum_credit))),
    );
    const notBooked = sumOf(
      expected.statements.flatMap((statement) =>
        Object.entries(statement.entry_status_counts)
          .filter(([status]) => status !== 'BOOK')
          .map(([, count]) => count),
      ),
    );
    expect(result.problems.filter((problem) => problem.code === 'not_booked').length).toBeLessThanOrEqual(notBooked);
  });

  // Issue 61: the same files as statements of company accounts, with their balances and sums.
  it.each(Object.entries(camtExpected))('camt053/%s as bank statements', async (relative, expected) => {
    const org = await createOrganizationWithAdmin(testApp);
    // IBAN-shaped, even where the checksum fails (test banks' numbers): what a company account would hold.
    const mine = expected.statements.filter((statement) => /^[A-Z]{2}\d{2}[A-Z0-9]{8,}$/.test(statement.iban ?? ''));
    for (const iban of new Set(mine.map((statement) => statement.iban!))) {
      await testApp.database.db.insert(companyBankAccounts).values({ organizationId: org.id, name: `Konto ${iban}`, iban });
    }
    const file = readFileSync(path.join(fixtures, 'camt053', relative));
    if (mine.length === 0) {
      // No statement at all, or accounts named by another id than an IBAN (US, UK): none is a company account's.
      const result = await importStatement(testApp, org, file);
      const failureCode = expected.statements.length === 0 ? 'no_statements' : 'unknown_account';
      expect(result).toMatchObject({ status: 'failed', failureCode, createdCount: 0 });
      return;
    }
    const result = await importStatement(testApp, org, file);
    expect(result.status, `${relative}: ${result.failureCode}`).toBe('completed');
    const shape = (opening: number | null, closing: number | null, credit: number, debit: number) => ({
      opening,
      closing,
      credit,
      debit,
      difference: opening === null || closing === null ? null : opening + credit - debit - closing,
    });
    const signedCents = (value: string | undefined) =>
      value === undefined ? null : Math.sign(Number(value) || 1) * cents(value.replace('-', ''));
    const want = mine.map((statement) =>
      shape(
        signedCents(statement.balances.OPBD ?? statement.balances.PRCD),
        signedCents(statement.balances.CLBD),
        cents(statement.sum_credit),
        cents(statement.sum_debit),
      ),
    );
    const stored = await testApp.database.db.select().from(bankStatements).where(eq(bankStatements.organizationId, org.id));
    const got = stored.map((row) => shape(row.openingBalance, row.closingBalance, row.creditTotal, row.debitTotal));
    const byValues = (a: ReturnType<typeof shape>, b: ReturnType<typeof shape>) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(got.sort(byValues)).toEqual(want.sort(byValues));
    // The database's own check of each statement: opening + credits − debits − closing.
    expect(stored.map((row) => row.difference)).toEqual(
      stored.map((row) => shape(row.openingBalance, row.closingBalance, row.creditTotal, row.debitTotal).difference),
    );
    const rows = await testApp.database.db.select().from(bankTransactions).where(eq(bankTransactions.importId, result.id));
    expect(rows).toHaveLength(result.createdCount);
  });

  it.each(Object.entries(painExpected))('pain001/%s as trusted history', async (relative, expected) => {
    const { result } = await importFixture(path.join('pain001', relative), 'trusted_history');
    expect(result.entryCount).toBe(expected.computed_tx_count);
    const stored = await testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.importId, result.id));
    expect(stored).toHaveLength(result.createdCount);
    const readerSkipped = result.problems.filter((problem) => problem.kind === 'skipped' && !problem.params?.amount);
    if (readerSkipped.length === 0) {
      const total = sumOf(stored.map((row) => row.amount)) + skippedSum(result, ['no_iban', 'invalid_amount', 'already_known']);
      expect(total).toBe(cents(expected.computed_sum));
    }
  });

  it.each(Object.entries(painExpected))('pain001/%s as transactions', async (relative, expected) => {
    const { org, result } = await importFixture(path.join('pain001', relative), 'transactions');
    expect(result.entryCount).toBe(expected.computed_tx_count);
    const created = await testApp.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.organizationId, org.id), eq(transactions.importId, result.id)));
    expect(created).toHaveLength(result.createdCount);
    for (const row of created) {
      expect(row).toMatchObject({ status: 'open', origin: 'import', currency: 'EUR' });
      expect(row.requestedExecutionDate >= todayIso()).toBe(true);
      expect(row.analysedAt).not.toBeNull();
    }
    // Blocks of EUR only from a valid debtor account become transactions whole; the rest is skipped with reasons.
    const usable = expected.payment_infos.filter(
      (info) => info.currencies.every((currency) => currency === 'EUR') && isIban(info.debtor_iban),
    );
    const mixed = expected.payment_infos.filter((info) => !usable.includes(info) && info.currencies.includes('EUR'));
    if (
      mixed.length === 0 &&
      result.problems.every(
        (problem) => problem.kind !== 'skipped' || problem.code === 'not_eur' || problem.code === 'invalid_debitor_iban',
      )
    ) {
      expect(result.createdCount).toBe(sumOf(usable.map((info) => info.tx_count)));
      expect(sumOf(created.map((row) => row.amount))).toBe(sumOf(usable.map((info) => cents(info.sum_instructed))));
    } else {
      expect(result.createdCount).toBeLessThan(expected.computed_tx_count);
    }
  });
});
