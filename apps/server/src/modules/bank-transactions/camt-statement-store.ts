import { createHash } from 'node:crypto';
import type { CamtBalance, CamtStatement, CamtStatementHeader, CamtTransaction } from '@kontor/formats';
import type { OrgId, Tx } from '../../db/database';
import {
  detached,
  readerSkips,
  skippedProblem,
  type BatchOutcome,
  type ImportEntry,
  type Problem,
} from '../bank-file-import/import-entries';
import { completeStatement, upsertStatementHeader, type SignedBalance, type StatementHeaderWrite } from './store-statements';
import { DedupeKeys, storeBankTransactions, type NewBankTransaction } from './store-transactions';

/** A company bank account a statement can belong to. */
export interface StatementAccount {
  id: string;
  iban: string;
}

interface StatementState {
  readonly index: number;
  readonly accountId: string | null;
  /** The account as the file names it (for the problems of an unknown one). */
  readonly accountName: string;
  readonly header: StatementHeaderWrite | null;
  readonly dedupe: DedupeKeys;
  dbId: string | null;
  creditTotal: number;
  debitTotal: number;
  entryCount: number;
  /** Set at the statement's end; written with the next batch. */
  closing: SignedBalance | null | undefined;
  completed: boolean;
}

export type StatementConversion =
  | { kind: 'row'; row: Omit<NewBankTransaction, 'statementId'>; state: StatementState; amountText: string }
  | { kind: 'skipped'; code: string; params?: Problem['params'] };

const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

function digest(parts: readonly (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
}

function signed(balance: CamtBalance | undefined): SignedBalance | null {
  if (!balance || balance.amount.minorUnits === null) return null;
  return { amount: balance.creditDebit === 'DBIT' ? -balance.amount.minorUnits : balance.amount.minorUnits, date: balance.date };
}

/** Opening: the booked opening balance, else the previous statement's closing one (banks write either). */
function openingOf(balances: readonly CamtBalance[]): SignedBalance | null {
  return signed(balances.find((balance) => balance.type === 'OPBD') ?? balances.find((balance) => balance.type === 'PRCD'));
}

function closingOf(balances: readonly CamtBalance[]): SignedBalance | null {
  return signed(balances.find((balance) => balance.type === 'CLBD'));
}

/** Pending and information-only entries may still change or never happen; a missing status is an old bank's "booked". */
const isBooked = (status: string | null) => status === null || status === 'BOOK';

/**
 * A camt.053 upload into bank transactions (issue 61 items 2 and 4): each statement is stored
 * with its account, period and balances when it starts, its booked entries are summed as they
 * pass, and at its end the sums are compared with the balances (`difference`). Entries become
 * bank transactions with the same de-duplication as the sync. A statement for an IBAN the
 * organisation does not have is skipped entry by entry, named in the problems.
 *
 * The import runner calls `prepare` for every entry of the file, also those an earlier run of
 * the job committed, so that sums and occurrence numbers are those of the whole statement.
 */
export class CamtStatementStore {
  private readonly statements = new Map<number, StatementState>();
  private readonly unwritten: StatementState[] = [];
  private knownStatements = 0;
  private unknownStatements = 0;

  constructor(
    private readonly orgId: OrgId,
    private readonly importId: string,
    private readonly accounts: readonly StatementAccount[],
  ) {}

  statementStarted(header: CamtStatementHeader): void {
    // Some banks write the IBAN as the account's other id (Othr/Id), or one failing its checksum there.
    const names = [header.account.iban, header.account.otherId].flatMap((name) => (name ? [compactIban(name)] : []));
    const account = this.accounts.find((candidate) => names.includes(compactIban(candidate.iban)));
    const accountName = names[0] ?? '';
    if (account) this.knownStatements += 1;
    else this.unknownStatements += 1;
    const state: StatementState = {
      index: header.index,
      accountId: account?.id ?? null,
      accountName,
      header: account
        ? {
            companyBankAccountId: account.id,
            statementKey: this.statementKey(header),
            statementId: detached(header.id),
            electronicSequenceNumber: detached(header.electronicSequenceNumber),
            legalSequenceNumber: detached(header.legalSequenceNumber),
            periodFrom: header.period.from,
            periodTo: header.period.to,
            currency: header.account.currency ?? header.balances[0]?.amount.currency ?? 'EUR',
            opening: openingOf(header.balances),
            closing: closingOf(header.balances),
            importId: this.importId,
          }
        : null,
      dedupe: new DedupeKeys(),
      dbId: null,
      creditTotal: 0,
      debitTotal: 0,
      entryCount: 0,
      closing: undefined,
      completed: false,
    };
    this.statements.set(header.index, state);
    if (account) this.unwritten.push(state);
  }

  statementEnded(statement: CamtStatement): void {
    const state = this.statements.get(statement.index);
    if (!state?.header) return;
    state.closing = closingOf(statement.balances);
    if (!this.unwritten.includes(state)) this.unwritten.push(state);
  }

  /** Whether statements wait to be written although no entry does (a statement without entries, or its end). */
  get hasPendingStatements(): boolean {
    return this.unwritten.length > 0;
  }

  /** Why the whole file failed, once read: it holds no statement, or none for a company account. */
  get failureCode(): string | null {
    if (this.knownStatements > 0) return null;
    return this.unknownStatements > 0 ? 'unknown_account' : 'no_statements';
  }

  prepare(transaction: CamtTransaction): StatementConversion {
    const state = this.statements.get(transaction.statementIndex);
    const { entry } = transaction;
    // What moved on the account is the booking's amount; only the parts of a batch booking have their own.
    const amount = entry.batch ? transaction.amount : entry.amount;
    const creditDebit = entry.batch ? transaction.creditDebit : entry.creditDebit;
    const money = { amount: amount.decimal, currency: amount.currency };
    if (!state?.header || !state.accountId) {
      return { kind: 'skipped', code: 'unknown_account', params: { ...money, iban: state?.accountName ?? '' } };
    }
    if (!isBooked(entry.status))
      return { kind: 'skipped', code: 'not_booked', params: { ...money, status: detached(entry.status ?? '') } };
    // The entry counts once towards the statement's sums, at its first transaction.
    if (transaction.transactionIndex === 0 && entry.amount.minorUnits !== null) {
      if (entry.creditDebit === 'CRDT') state.creditTotal += entry.amount.minorUnits;
      else state.debitTotal += entry.amount.minorUnits;
      state.entryCount += 1;
    }
    if (amount.minorUnits === null || amount.minorUnits <= 0) return { kind: 'skipped', code: 'invalid_amount', params: money };
    const bookingDate = entry.bookingDate ?? entry.valueDate ?? state.header.periodTo;
    if (!bookingDate) return { kind: 'skipped', code: 'malformed_date', params: money };
    const direction = creditDebit === 'CRDT' ? 'incoming' : 'outgoing';
    const remittance = transaction.remittance.unstructured;
    const identity = {
      accountId: state.accountId,
      bookingDate,
      direction,
      amount: amount.minorUnits,
      currency: amount.currency,
      endToEndId: transaction.endToEndId,
      remittanceInformation: remittance ?? transaction.remittance.creditorReference,
      counterpartyIban: transaction.counterparty.iban,
    } as const;
    return {
      kind: 'row',
      state,
      amountText: amount.decimal,
      row: {
        companyBankAccountId: state.accountId,
        source: 'camt053',
        dedupeKey: state.dedupe.keyOf(identity),
        providerTransactionId: null,
        importId: this.importId,
        direction,
        amount: amount.minorUnits,
        currency: detached(amount.currency),
        bookingDate: detached(bookingDate),
        valueDate: detached(entry.valueDate),
        counterpartyName: detached(transaction.counterparty.name),
        counterpartyIban: detached(transaction.counterparty.iban),
        counterpartyBic: detached(transaction.counterparty.bic),
        remittanceInformation: detached(remittance),
        creditorReference: detached(transaction.remittance.creditorReference),
        endToEndId: detached(transaction.endToEndId),
        bankReference: detached(transaction.bankReference),
        bankTransactionCode: detached(entry.bankTransactionCode),
        entryKey: entry.batch ? digest([state.accountId, state.header.statementKey, entry.index]) : null,
        entryAmount: entry.batch ? entry.amount.minorUnits : null,
      },
    };
  }

  async store(tx: Tx, entries: readonly ImportEntry<StatementConversion>[]): Promise<BatchOutcome> {
    await this.writeStatements(tx);
    const problems: Problem[] = readerSkips(entries);
    const rows: { entry: number; line: number; row: NewBankTransaction; amountText: string }[] = [];
    for (const entry of entries) {
      if (entry.kind !== 'record') continue;
      const conversion = entry.record;
      if (conversion.kind === 'skipped') {
        problems.push(skippedProblem(entry.entry, entry.line, conversion.code, conversion.params));
      } else {
        rows.push({
          entry: entry.entry,
          line: entry.line,
          amountText: conversion.amountText,
          row: { ...conversion.row, statementId: conversion.state.dbId },
        });
      }
    }
    const stored = await storeBankTransactions(
      tx,
      this.orgId,
      rows.map(({ row }) => row),
    );
    let created = 0;
    for (const { entry, line, row, amountText } of rows) {
      if (stored.delete(row.dedupeKey)) created += 1;
      else problems.push(skippedProblem(entry, line, 'already_known', { amount: amountText, currency: row.currency }));
    }
    return { created, skipped: entries.length - created, problems };
  }

  /** Headers before their entries; a statement's end after its last entry was prepared. */
  private async writeStatements(tx: Tx): Promise<void> {
    for (const state of this.unwritten.splice(0)) {
      if (!state.header) continue;
      state.dbId ??= await upsertStatementHeader(tx, this.orgId, state.header);
      if (state.closing !== undefined && !state.completed) {
        await completeStatement(tx, this.orgId, state.dbId, {
          closing: state.closing,
          creditTotal: state.creditTotal,
          debitTotal: state.debitTotal,
          entryCount: state.entryCount,
        });
        state.completed = true;
      }
    }
  }

  /** The bank's id, sequence numbers and period; without any of them the file's own position. */
  private statementKey(header: CamtStatementHeader): string {
    const parts = [header.id, header.electronicSequenceNumber, header.legalSequenceNumber, header.period.from, header.period.to];
    return digest(parts.some((part) => part !== null) ? [...parts, header.createdAt] : [this.importId, header.index]);
  }
}
