/** Test data builders shared by the writer tests (checksum-valid IBANs and real BIC formats). */
import type { PaymentBatch, SepaPayment } from './payment-batch';

export const IBAN = {
  debtorA: 'DE89370400440532013000',
  debtorB: 'DE02120300000000202051',
  creditor1: 'DE12500105170648489890',
  creditor2: 'AT611904300234573201',
} as const;

export function payment(overrides: Partial<SepaPayment> = {}): SepaPayment {
  return {
    endToEndId: 'E2E-1',
    amountCents: 12_345,
    currency: 'EUR',
    requestedExecutionDate: '2026-12-01',
    debtor: { name: 'Kontor Test GmbH', iban: IBAN.debtorA, bic: 'COBADEFFXXX' },
    creditor: { name: 'Lieferant AG', iban: IBAN.creditor1, bic: 'INGDDEFFXXX' },
    remittanceInformation: 'RE-2026-001',
    ...overrides,
  };
}

export function batch(payments: SepaPayment[], overrides: Partial<PaymentBatch> = {}): PaymentBatch {
  return {
    messageId: 'MSG-2026-11-21-001',
    createdAt: '2026-11-21T09:30:00Z',
    initiatingPartyName: 'Kontor Test GmbH',
    payments,
    ...overrides,
  };
}
