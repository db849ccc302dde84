/** Input of the pain.001 writer: a batch of SEPA credit transfers, money in integer cents. */

export type Pain001Version = 'pain.001.001.09' | 'pain.001.001.03';

export interface SepaAccountParty {
  name: string;
  iban: string;
  /** Optional: IBAN-only transfers are allowed within SEPA (the debtor agent becomes NOTPROVIDED). */
  bic?: string | null;
}

export interface SepaPayment {
  endToEndId: string;
  /** Integer cents (ARCHITECTURE §3.6, packages/domain/src/money.ts); bigint or safe integer. */
  amountCents: bigint | number;
  currency: string;
  /** ISO date YYYY-MM-DD. */
  requestedExecutionDate: string;
  debtor: SepaAccountParty;
  creditor: SepaAccountParty;
  remittanceInformation: string;
}

export interface PaymentBatch {
  messageId: string;
  /** ISO date-time, e.g. 2026-11-21T09:30:00Z; written as given so re-downloads are identical. */
  createdAt: string;
  initiatingPartyName: string;
  payments: readonly SepaPayment[];
}

export interface WritePain001Options {
  /** Default pain.001.001.09. */
  version?: Pain001Version;
}
