import type { PaymentBatch } from '@kontor/formats';
import type { TransactionRow } from '../transactions/transaction-rows';

/** ISO 20022 MsgId (max 35): the run's number and the first 8 hex digits of its id, unique per organisation. */
export function runMessageId(run: { number: number; id: string }): string {
  return `KONTOR-PR${run.number}-${run.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export function runFileName(run: { number: number }, day: string): string {
  return `PR-${run.number}-${day}.xml`;
}

/**
 * The pain.001 input of a run's transactions. Debitor, creditor, amount, remittance and end-to-end
 * id are what the transaction recorded at creation. A requested execution date already past is
 * sent as today: a bank refuses past dates, and the payment is due anyway.
 */
export function paymentBatchOf(
  run: { number: number; id: string },
  transactions: readonly TransactionRow[],
  context: { initiatingPartyName: string; now: Date; today: string },
): PaymentBatch {
  return {
    messageId: runMessageId(run),
    createdAt: `${context.now.toISOString().slice(0, 19)}Z`,
    initiatingPartyName: context.initiatingPartyName,
    payments: transactions.map((transaction) => ({
      endToEndId: transaction.endToEndId,
      amountCents: transaction.amount,
      currency: transaction.currency,
      requestedExecutionDate:
        transaction.requestedExecutionDate < context.today ? context.today : transaction.requestedExecutionDate,
      debtor: { name: transaction.debitorName, iban: transaction.debitorIban, bic: transaction.debitorBic },
      creditor: { name: transaction.creditorName, iban: transaction.creditorIban, bic: transaction.creditorBic },
      remittanceInformation: transaction.remittanceInformation ?? '',
    })),
  };
}
