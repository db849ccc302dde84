import type { BankAmount } from './amount';
import type { DocumentItem, ItemPosition, SkippedItem, WarningItem } from './read-items';

export type CreditDebit = 'CRDT' | 'DBIT';

export interface CamtBalance {
  /** The ISO code (OPBD, CLBD, PRCD, CLAV, …) or the bank's proprietary code. */
  readonly type: string;
  readonly amount: BankAmount;
  readonly creditDebit: CreditDebit;
  readonly date: string | null;
}

export interface CamtAccount {
  readonly iban: string | null;
  /** Non-IBAN account id (`Othr/Id`), e.g. for US or UK accounts. */
  readonly otherId: string | null;
  readonly currency: string | null;
}

/**
 * What is known of a statement before its entries, yielded as `statementStart` when its first
 * `<Ntry>` begins (or just before `statement` when it has none), so that a consumer can store
 * the statement before its transactions stream past.
 */
export interface CamtStatementHeader {
  readonly index: number;
  readonly id: string | null;
  /** `ElctrncSeqNb` as written: the bank's running number of electronic statements. */
  readonly electronicSequenceNumber: string | null;
  /** `LglSeqNb` as written: the number of the paper statement (Kontoauszugsnummer). */
  readonly legalSequenceNumber: string | null;
  /** `CreDtTm` of the statement as written (with the bank's offset, if any). */
  readonly createdAt: string | null;
  /** `FrToDt` as ISO dates: the calendar days written, not converted to UTC. */
  readonly period: { readonly from: string | null; readonly to: string | null };
  readonly account: CamtAccount;
  /**
   * The balances read so far. The schema puts every `<Bal>` before the first `<Ntry>`, so in
   * `statementStart` these are all of them unless the file breaks the schema's order.
   */
  readonly balances: readonly CamtBalance[];
}

/** Yielded when a `<Stmt>` ends, after all its transactions. */
export interface CamtStatement extends CamtStatementHeader {
  /** Every `<Ntry>` of the statement, also those skipped. */
  readonly entryCount: number;
  readonly skippedEntryCount: number;
}

/** The booking a transaction belongs to; a batch booking carries several transactions. */
export interface CamtEntry {
  readonly index: number;
  readonly amount: BankAmount;
  readonly creditDebit: CreditDebit;
  /** BOOK, PDNG, INFO (or whatever the bank wrote); null when absent. */
  readonly status: string | null;
  readonly bookingDate: string | null;
  readonly valueDate: string | null;
  readonly bankReference: string | null;
  /** True when the entry has more than one `<TxDtls>`. */
  readonly batch: boolean;
  readonly additionalInfo: string | null;
  /**
   * The ISO bank transaction code as domain-family-subfamily ("PMNT-RCDT-ESCT"), else the
   * bank's proprietary code (`BkTxCd/Prtry/Cd`, e.g. the German "NTRF+166+…"); null when absent.
   */
  readonly bankTransactionCode: string | null;
}

export interface CamtParty {
  readonly name: string | null;
  readonly iban: string | null;
  /** BIC of the party's bank (`RltdAgts/CdtrAgt` or `DbtrAgt`); null when the bank gave none. */
  readonly bic: string | null;
}

export interface CamtTransaction {
  readonly statementIndex: number;
  readonly statementId: string | null;
  readonly accountIban: string | null;
  readonly entry: CamtEntry;
  readonly transactionIndex: number;
  /** The transaction's own amount (`TxDtls`), or the entry's when it is not a batch. */
  readonly amount: BankAmount;
  readonly creditDebit: CreditDebit;
  readonly bankReference: string | null;
  readonly endToEndId: string | null;
  readonly remittance: { readonly unstructured: string | null; readonly creditorReference: string | null };
  /** The creditor for debits, the debtor for credits. */
  readonly counterparty: CamtParty;
  readonly position: ItemPosition;
}

export type Camt053Item =
  | DocumentItem
  | { readonly kind: 'statementStart'; readonly statement: CamtStatementHeader }
  | { readonly kind: 'transaction'; readonly transaction: CamtTransaction }
  | { readonly kind: 'statement'; readonly statement: CamtStatement }
  | SkippedItem
  | WarningItem;
