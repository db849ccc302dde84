/**
 * Conformance over the shared fixtures: every camt.053 and pain.001 file listed in
 * EXPECTED_camt_summaries.json / EXPECTED_pain001_summaries.json is streamed from disk and the
 * same summary fields are computed from the yielded items. Amounts compare as exact decimals
 * ("8.85" equals "8.850"). Where the file holds an invalid IBAN or date (placeholders such as
 * "IBAN" or "YYYY-MM-DD"), the reader gives null plus a warning, or skips the payment.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validIban } from './iban';
import { isoDateOf } from './iso-date';
import { compareDecimals, parseDecimal, addDecimals, ZERO, type ScaledDecimal } from './decimal';
import type { Camt053Item, CamtStatement, CamtStatementHeader, CamtTransaction } from './camt053-types';
import type { Pain001Item } from './pain001-types';
import { readCamt053 } from './read-camt053';
import { readPain001 } from './read-pain001';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const fixtures = process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures');
const camtExpectedFile = path.join(fixtures, 'camt053', 'EXPECTED_camt_summaries.json');
const painExpectedFile = path.join(fixtures, 'pain001', 'EXPECTED_pain001_summaries.json');
const present = existsSync(camtExpectedFile) && existsSync(painExpectedFile);
if (!present) console.warn(`bank file conformance skipped: ${camtExpectedFile} not found (set KONTOR_FIXTURES)`);

interface ExpectedStatement {
  account_currency: string | null;
  balances: Record<string, string>;
  entry_count: number;
  entry_currencies: string[];
  entry_status_counts: Record<string, number>;
  iban: string;
  id: string;
  sum_credit: string;
  sum_debit: string;
}
interface ExpectedPaymentInfo {
  currencies: string[];
  debtor_iban: string;
  pmt_inf_id: string;
  requested_execution_date: string;
  sum_instructed: string;
  tx_count: number;
}
interface ExpectedPain {
  computed_sum: string;
  computed_tx_count: number;
  grp_ctrl_sum: string | null;
  grp_nb_of_txs: string;
  msg_id: string;
  namespace: string;
  payment_infos: ExpectedPaymentInfo[];
}

function load<T>(file: string): Record<string, T> {
  return present ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {};
}
const camtExpected = load<{ namespace: string; statements: ExpectedStatement[] }>(camtExpectedFile);
const painExpected = load<ExpectedPain>(painExpectedFile);

function decimal(text: string): ScaledDecimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`expected value "${text}" is not a decimal`);
  return value;
}

/** Exact decimal equality, shown as strings in failures. */
function expectSameDecimal(actual: ScaledDecimal, expected: string, label: string): void {
  expect(compareDecimals(actual, decimal(expected)), `${label}: expected ${expected}`).toBe(0);
}

async function collect<T>(items: AsyncGenerator<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

function sourceOf(relative: string): { stream: AsyncIterable<Uint8Array>; size: number } {
  const file = path.join(fixtures, relative);
  // Small chunks so that elements are cut across chunk boundaries, as in large uploads.
  return { stream: createReadStream(file, { highWaterMark: 256 }), size: statSync(file).size };
}

describe.skipIf(!present)('camt.053 conformance (fixtures/camt053)', () => {
  it.each(Object.entries(camtExpected))('%s', async (relative, expected) => {
    const { stream, size } = sourceOf(path.join('camt053', relative));
    const progress: number[] = [];
    const items = await collect<Camt053Item>(
      readCamt053(stream, { totalBytes: size, onProgress: (p) => progress.push(p.bytesRead) }),
    );
    expect(progress.at(-1)).toBe(size);

    const document = items.find((item) => item.kind === 'document');
    expect(document?.namespace).toBe(expected.namespace);
    expect(items.filter((item) => item.kind === 'skipped')).toEqual([]);

    const statements: CamtStatement[] = [];
    const transactions: CamtTransaction[] = [];
    const headers: CamtStatementHeader[] = [];
    for (const item of items) {
      if (item.kind === 'statementStart') {
        // The header comes before anything of the statement's entries.
        expect(transactions.filter((tx) => tx.statementIndex === item.statement.index)).toEqual([]);
        headers.push(item.statement);
      }
      if (item.kind === 'statement') statements.push(item.statement);
      if (item.kind === 'transaction') transactions.push(item.transaction);
    }
    expect(statements.map((statement) => statement.id)).toEqual(expected.statements.map((statement) => statement.id));
    // These files keep the schema's order (balances before entries): the header is the final statement's.
    expect(headers).toEqual(statements.map(({ entryCount: _count, skippedEntryCount: _skipped, ...header }) => header));

    expected.statements.forEach((want, index) => {
      const statement = statements[index]!;
      const label = `${relative} statement ${index}`;
      expect(statement.account.iban ?? statement.account.otherId).toBe(want.iban);
      expect(statement.account.currency).toBe(want.account_currency);
      expect(statement.entryCount).toBe(want.entry_count);

      const balances = new Map(
        statement.balances.map((balance) => {
          const value = decimal(balance.amount.decimal);
          return [balance.type, balance.creditDebit === 'DBIT' ? { ...value, units: -value.units } : value];
        }),
      );
      expect([...balances.keys()].sort()).toEqual(Object.keys(want.balances).sort());
      for (const [type, amount] of Object.entries(want.balances)) {
        expectSameDecimal(balances.get(type)!, amount, `${label} balance ${type}`);
      }

      // Entries, once each, from the transactions of this statement (a batch yields several).
      const entries = new Map(transactions.filter((tx) => tx.statementIndex === index).map((tx) => [tx.entry.index, tx.entry]));
      expect(entries.size).toBe(want.entry_count);
      const currencies = [...new Set([...entries.values()].map((entry) => entry.amount.currency))].sort();
      expect(currencies).toEqual([...want.entry_currencies].sort());
      const statusCounts: Record<string, number> = {};
      let credit = ZERO;
      let debit = ZERO;
      for (const entry of entries.values()) {
        const status = entry.status ?? 'null';
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
        if (entry.creditDebit === 'CRDT') credit = addDecimals(credit, decimal(entry.amount.decimal));
        else debit = addDecimals(debit, decimal(entry.amount.decimal));
      }
      expect(statusCounts).toEqual(want.entry_status_counts);
      expectSameDecimal(credit, want.sum_credit, `${label} credit sum`);
      expectSameDecimal(debit, want.sum_debit, `${label} debit sum`);
    });
  });
});

describe.skipIf(!present)('pain.001 conformance (fixtures/pain001)', () => {
  it.each(Object.entries(painExpected))('%s', async (relative, expected) => {
    const { stream, size } = sourceOf(path.join('pain001', relative));
    const items = await collect<Pain001Item>(readPain001(stream, { totalBytes: size }));

    expect(items.find((item) => item.kind === 'document')?.namespace).toBe(expected.namespace);
    const header = items.find((item) => item.kind === 'groupHeader')?.groupHeader;
    expect(header?.messageId).toBe(expected.msg_id);
    expect(header?.numberOfTransactions).toBe(Number(expected.grp_nb_of_txs));
    expect(header?.controlSum).toBe(expected.grp_ctrl_sum);

    const paymentInfos = items.flatMap((item) => (item.kind === 'paymentInfo' ? [item.paymentInfo] : []));
    expect(paymentInfos.map((info) => info.id)).toEqual(expected.payment_infos.map((info) => info.pmt_inf_id));
    const warnings = items.flatMap((item) => (item.kind === 'warning' ? [item] : []));
    let total = ZERO;

    expected.payment_infos.forEach((want, index) => {
      const info = paymentInfos[index]!;
      const warned = (code: string): boolean =>
        warnings.some((warning) => warning.code === code && warning.position.paymentInfoIndex === index);
      expect(info.debtor.iban).toBe(validIban(want.debtor_iban));
      if (validIban(want.debtor_iban) === null) expect(warned('invalid_iban')).toBe(true);
      expect(info.requestedExecutionDate).toBe(isoDateOf(want.requested_execution_date));
      if (isoDateOf(want.requested_execution_date) === null) expect(warned('malformed_date')).toBe(true);
      expect(info.transactionCount).toBe(want.tx_count);
      expectSameDecimal(decimal(info.computedSum), want.sum_instructed, `${relative} ${want.pmt_inf_id} sum`);
      total = addDecimals(total, decimal(info.computedSum));

      const transactions = items.flatMap((item) =>
        item.kind === 'transaction' && item.transaction.paymentInfo.index === index ? [item.transaction] : [],
      );
      const skipped = items.filter((item) => item.kind === 'skipped' && item.position.paymentInfoIndex === index);
      expect(transactions.length + skipped.length).toBe(want.tx_count);
      expect(skipped.length).toBe(info.skippedCount);
      if (skipped.length === 0) {
        const currencies = [...new Set(transactions.map((tx) => tx.amount.currency))].sort();
        expect(currencies).toEqual([...want.currencies].sort());
        const sum = transactions.reduce((acc, tx) => addDecimals(acc, decimal(tx.amount.decimal)), ZERO);
        expectSameDecimal(sum, want.sum_instructed, `${relative} ${want.pmt_inf_id} sum of records`);
      }
    });

    expectSameDecimal(total, expected.computed_sum, `${relative} computed sum`);
    expect(paymentInfos.reduce((count, info) => count + info.transactionCount, 0)).toBe(expected.computed_tx_count);
    const sumMismatch = warnings.some(
      (warning) => warning.code === 'control_sum_mismatch' && warning.position.paymentInfoIndex === undefined,
    );
    const declaredSum = expected.grp_ctrl_sum;
    expect(sumMismatch).toBe(declaredSum !== null && compareDecimals(decimal(declaredSum), decimal(expected.computed_sum)) !== 0);
  });
});
