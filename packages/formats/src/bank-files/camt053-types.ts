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

/** Yielded when a `<Stmt>` ends, after all its transactions. */
export interface CamtStatement {
  readonly index: number;
  readonly id: string | null;
  readonly account: CamtAccount;
  readonly balances: readonly CamtBalance[];
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
}

export interface CamtParty {
  readonly name: string | null;
  readonly iban: string | null;
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
  | { readonly kind: 'transaction'; readonly transaction: CamtTransaction }
  | { readonly kind: 'statement'; readonly statement: CamtStatement }
  | SkippedItem
  | WarningItem;
