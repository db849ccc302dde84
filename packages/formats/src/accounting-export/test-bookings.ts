/** Bookings and helpers for the accounting codecs' tests (not exported from the package). */
import type { AccountingBooking, BookingBatchInfo } from './booking';

/** A supplier invoice of 120,00 EUR gross (20,00 VAT at 20 %): credits creditor 70001 against expense 4980. */
export function makeBooking(overrides: Partial<AccountingBooking> = {}): AccountingBooking {
  return {
    kind: 'invoice',
    amount: 12_000,
    side: 'credit',
    currency: 'EUR',
    exchangeRate: null,
    baseAmount: null,
    account: '70001',
    contraAccount: '4980',
    taxKey: '9',
    taxRate: 2000,
    taxAmount: 2000,
    documentDate: '2026-01-15',
    documentNumber: 'RE-2026-001',
    documentNumber2: null,
    text: 'Büromaterial Müller',
    costCenter1: null,
    costCenter2: null,
    dueDate: null,
    serviceDate: null,
    discountAmount: null,
    documentGuid: null,
    counterpartyName: 'Müller GmbH',
    counterpartyVat: 'ATU12345678',
    counterpartyIban: 'AT611904300234573201',
    invoiceId: 'inv-1',
    bookingId: '6f1c2a3e-0000-4000-8000-000000000001',
    ...overrides,
  };
}

export const BATCH_INFO: BookingBatchInfo = {
  createdAt: new Date('2026-01-31T09:30:05.123Z'),
  dateFrom: '2026-01-01',
  dateTo: '2026-01-31',
  label: 'Kontor Eingangsrechnungen 2026-01',
  exportedBy: 'Anna Äbersold',
  currency: 'EUR',
};

/** Reads a writer's chunks into one buffer (small files only), counting the chunks. */
export async function collectChunks(chunks: AsyncIterable<Buffer>): Promise<{ bytes: Buffer; chunkCount: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return { bytes: Buffer.concat(parts), chunkCount: parts.length };
}

/** Every line ends CRLF (and no bare LF or CR is left). */
export function linesOf(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  return text.endsWith('\r\n') ? text.slice(0, -2).split('\r\n') : [text];
}
