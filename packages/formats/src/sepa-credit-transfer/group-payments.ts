/**
 * One PmtInf block per debtor account and requested execution date (issue 7 item 4). Order is
 * stable so the same batch always gives the same file: execution date, then debtor IBAN, then
 * the position of the block's first payment; payments keep their input order inside a block.
 */
import type { CheckedParty, CheckedPayment } from './check-payment-batch';

export interface PaymentGroup {
  requestedExecutionDate: string;
  /** The debtor of the group's first payment (same IBAN for all; name/BIC taken from the first). */
  debtor: CheckedParty;
  payments: CheckedPayment[];
  controlSumCents: bigint;
}

export function groupPayments(payments: readonly CheckedPayment[]): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup>();
  for (const payment of payments) {
    const key = `${payment.requestedExecutionDate}|${payment.debtor.iban}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        requestedExecutionDate: payment.requestedExecutionDate,
        debtor: payment.debtor,
        payments: [],
        controlSumCents: 0n,
      };
      groups.set(key, group);
    }
    group.payments.push(payment);
    group.controlSumCents += payment.amountCents;
  }
  // Map keeps insertion order (first payment's position), and Array.prototype.sort is stable.
  return [...groups.values()].sort(
    (a, b) => compare(a.requestedExecutionDate, b.requestedExecutionDate) || compare(a.debtor.iban, b.debtor.iban),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
