import type { BankAmount } from './amount';
import type { DocumentItem, ItemPosition, SkippedItem, WarningItem } from './read-items';

export interface PainGroupHeader {
  readonly messageId: string | null;
  readonly creationDateTime: string | null;
  /** As declared in the file; checked against the payments read (a mismatch is a warning). */
  readonly numberOfTransactions: number | null;
  readonly controlSum: string | null;
}

export interface PainParty {
  readonly name: string | null;
  /** Checksum-valid IBAN in electronic format, otherwise null (with a warning or skip). */
  readonly iban: string | null;
  readonly bic: string | null;
}

/** The header of a `<PmtInf>`, known before its first payment. */
export interface PainPaymentInfoHeader {
  readonly index: number;
  readonly id: string | null;
  readonly debtor: PainParty;
  readonly requestedExecutionDate: string | null;
}

/** Yielded when a `<PmtInf>` ends. */
export interface PainPaymentInfo extends PainPaymentInfoHeader {
  readonly declaredNumberOfTransactions: number | null;
  readonly declaredControlSum: string | null;
  /** Every `<CdtTrfTxInf>`, also those skipped. */
  readonly transactionCount: number;
  readonly skippedCount: number;
  /** Sum of every readable amount in this block, skipped payments included (for control sums). */
  readonly computedSum: string;
}

export interface PainCreditor extends PainParty {
  /** A non-IBAN account (`Othr/Id`), e.g. Swiss postal accounts. */
  readonly otherAccountId: string | null;
}

export interface PainTransaction {
  readonly paymentInfo: PainPaymentInfoHeader;
  readonly index: number;
  readonly endToEndId: string | null;
  readonly instructionId: string | null;
  readonly amount: BankAmount;
  readonly creditor: PainCreditor;
  readonly remittance: { readonly unstructured: string | null; readonly creditorReference: string | null };
  readonly position: ItemPosition;
}

export type Pain001Item =
  | DocumentItem
  | { readonly kind: 'groupHeader'; readonly groupHeader: PainGroupHeader }
  | { readonly kind: 'transaction'; readonly transaction: PainTransaction }
  | { readonly kind: 'paymentInfo'; readonly paymentInfo: PainPaymentInfo }
  | SkippedItem
  | WarningItem;
