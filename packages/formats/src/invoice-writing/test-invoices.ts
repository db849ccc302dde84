/**
 * Realistic outgoing invoices for the writers' tests and the bench: one rate, two rates with
 * skonto and a service period, a credit note in English, and a partly paid one. Amounts are
 * computed here the way the domain does (line = quantity × price, tax per rate rounded half
 * away from zero), so the samples are consistent as EN 16931 requires.
 */
import type { OutgoingInvoice, OutgoingLine, OutgoingSeller, OutgoingTaxLine } from './outgoing-invoice';

export const TEST_SELLER: OutgoingSeller = {
  name: 'Nordlicht Software GmbH',
  address: { street: 'Leopoldstraße 12', postalCode: '80802', city: 'München', countryCode: 'DE' },
  vatId: 'DE123456789',
  taxNumber: '143/123/45678',
  email: 'rechnung@nordlicht.example',
  contact: { name: 'Anna Berger', phone: '+49 89 1234567', email: 'anna.berger@nordlicht.example' },
  website: 'https://nordlicht.example',
  registration: 'Amtsgericht München HRB 234567',
  managingDirectors: 'Anna Berger, Jonas Weiß',
  logo: null,
};

type LineInput = Pick<OutgoingLine, 'description' | 'quantity' | 'unitCode' | 'unitPrice' | 'taxRate'>;

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export function testInvoice(
  overrides: Partial<Omit<OutgoingInvoice, 'lines' | 'taxBreakdown' | 'totals'>> & { lines: LineInput[]; paid?: number },
): OutgoingInvoice {
  const lines: OutgoingLine[] = overrides.lines.map((line, index) => ({
    ...line,
    position: index + 1,
    netAmount: roundHalfAwayFromZero(line.quantity * line.unitPrice),
    taxCategory: line.taxRate > 0 ? 'S' : 'Z',
  }));
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.netAmount);
  const taxBreakdown: OutgoingTaxLine[] = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, basis]) => ({
      taxCategory: rate > 0 ? 'S' : 'Z',
      rate,
      basis,
      tax: roundHalfAwayFromZero((basis * rate) / 10_000),
      exemptionReason: null,
      exemptionReasonCode: null,
    }));
  const net = lines.reduce((sum, line) => sum + line.netAmount, 0);
  const tax = taxBreakdown.reduce((sum, line) => sum + line.tax, 0);
  const paid = overrides.paid ?? 0;
  const { lines: _lines, paid: _paid, ...rest } = overrides;
  return {
    type: 'invoice',
    number: 'RE-2026-0042',
    issueDate: '2026-12-07',
    dueDate: '2027-01-06',
    currency: 'EUR',
    language: 'de',
    precedingInvoice: null,
    servicePeriod: null,
    notes: null,
    seller: TEST_SELLER,
    buyer: {
      name: 'Stadtwerke Musterstadt',
      address: { street: 'Rathausplatz 1', postalCode: '12345', city: 'Musterstadt', countryCode: 'DE' },
      vatId: 'DE987654321',
      taxNumber: null,
      email: 'eingangsrechnungen@stadtwerke-musterstadt.example',
      buyerReference: '04011000-12345-03',
      customerNumber: '10042',
    },
    payment: {
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      accountName: 'Nordlicht Software GmbH',
      reference: overrides.number ?? 'RE-2026-0042',
      termDays: 30,
      skonto: null,
    },
    ...rest,
    lines,
    taxBreakdown,
    totals: { net, tax, gross: net + tax, paid, due: net + tax - paid },
  };
}

export const ONE_RATE = testInvoice({
  lines: [
    { description: 'Beratung Einführung Kontor', quantity: 8, unitCode: 'HUR', unitPrice: 12_000, taxRate: 1900 },
    { description: 'Lizenz Kontor Business, Dezember 2026', quantity: 1, unitCode: 'C62', unitPrice: 49_900, taxRate: 1900 },
  ],
});

const twoRatesDraft = testInvoice({
  number: 'RE-2026-0043',
  servicePeriod: { start: '2026-11-01', end: '2026-11-30' },
  notes: 'Vielen Dank für Ihren Auftrag.',
  lines: [
    { description: 'Schulung „Rechnungseingang“ (halber Tag)', quantity: 1.5, unitCode: 'DAY', unitPrice: 68_000, taxRate: 1900 },
    { description: 'Fachbuch Umsatzsteuer 2026', quantity: 3, unitCode: 'C62', unitPrice: 4_990, taxRate: 700 },
    { description: 'Verpflegung', quantity: 12, unitCode: 'C62', unitPrice: 1_250, taxRate: 700 },
  ],
});
export const TWO_RATES_WITH_SKONTO: OutgoingInvoice = {
  ...twoRatesDraft,
  payment: {
    ...twoRatesDraft.payment,
    skonto: {
      rate: 200,
      days: 14,
      basis: twoRatesDraft.totals.gross,
      amount: roundHalfAwayFromZero(twoRatesDraft.totals.gross * 0.02),
      until: '2026-12-21',
    },
  },
};

export const CREDIT_NOTE_EN = testInvoice({
  type: 'credit_note',
  number: 'GS-2026-0003',
  language: 'en',
  precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-12-07' },
  buyer: {
    name: 'Harbour Analytics Ltd',
    address: { street: '1 Dock Street', postalCode: 'E1 8JN', city: 'London', countryCode: 'GB' },
    vatId: 'GB123456789',
    taxNumber: null,
    email: 'ap@harbour.example',
    buyerReference: 'PO-7781',
    customerNumber: '10077',
  },
  lines: [
    {
      description: 'Refund: licence Kontor Business, December 2026',
      quantity: 1,
      unitCode: 'C62',
      unitPrice: 49_900,
      taxRate: 1900,
    },
  ],
});

export const PARTLY_PAID = testInvoice({
  number: 'RE-2026-0044',
  paid: 10_000,
  lines: [{ description: 'Wartungsvertrag Q1 2027', quantity: 1, unitCode: 'LS', unitPrice: 150_000, taxRate: 1900 }],
});

export const TEST_INVOICES = { ONE_RATE, TWO_RATES_WITH_SKONTO, CREDIT_NOTE_EN, PARTLY_PAID } as const;
