/**
 * Three realistic outgoing invoices for the PDF tests (and for the e-invoice writers' tests):
 *
 * - GERMAN_INVOICE: German, 19 % and 7 % lines, a service period, skonto, a logo, a public-sector
 *   buyer with a Leitweg-ID;
 * - ENGLISH_CREDIT_NOTE: English credit note for a preceding invoice, 19 %, buyer with a VAT ID;
 * - LONG_INVOICE: 80 lines over several pages to an Austrian business under reverse charge (AE),
 *   partly paid in advance.
 *
 * Amounts follow the domain's arithmetic (line net = quantity × price, tax per category and rate
 * rounded half away from zero), so the samples satisfy EN 16931's calculation rules.
 */
import type {
  OutgoingBuyer,
  OutgoingInvoice,
  OutgoingLine,
  OutgoingSeller,
  OutgoingTaxCategory,
  OutgoingTaxLine,
} from './outgoing-invoice';
import { sampleLogoPng } from './pdf/sample-logo';

export const SAMPLE_SELLER: OutgoingSeller = {
  name: 'Nordlicht Software GmbH',
  address: { street: 'Leopoldstraße 12', postalCode: '80802', city: 'München', countryCode: 'DE' },
  vatId: 'DE123456788',
  taxNumber: '143/123/45678',
  email: 'rechnung@nordlicht-software.de',
  contact: { name: 'Anna Berger', phone: '+49 89 1234567-0', email: 'anna.berger@nordlicht-software.de' },
  website: 'www.nordlicht-software.de',
  registration: 'Amtsgericht München HRB 234567',
  managingDirectors: 'Anna Berger, Jonas Weiß',
  logo: null,
};

const SELLER_WITH_LOGO: OutgoingSeller = { ...SAMPLE_SELLER, logo: { bytes: sampleLogoPng(), mimeType: 'image/png' } };

const BANK_ACCOUNT = { iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountName: 'Nordlicht Software GmbH' };

interface SampleLine {
  description: string;
  quantity: number;
  unitCode: string;
  /** Minor units. */
  unitPrice: number;
  taxRate: number;
  taxCategory?: OutgoingTaxCategory;
}

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Lines, tax breakdown and totals computed from the line inputs. */
function withAmounts(
  lines: SampleLine[],
  exemptions: Partial<Record<OutgoingTaxCategory, { reason: string; code: string }>> = {},
  paid = 0,
): Pick<OutgoingInvoice, 'lines' | 'taxBreakdown' | 'totals'> {
  const outgoing: OutgoingLine[] = lines.map((line, index) => ({
    position: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitCode: line.unitCode,
    unit: null,
    unitPrice: line.unitPrice,
    netAmount: roundHalfAwayFromZero(line.quantity * line.unitPrice),
    taxCategory: line.taxCategory ?? (line.taxRate > 0 ? 'S' : 'Z'),
    taxRate: line.taxRate,
  }));
  const groups = new Map<string, OutgoingTaxLine>();
  for (const line of outgoing) {
    const key = `${line.taxCategory}:${line.taxRate}`;
    const exemption = exemptions[line.taxCategory];
    const group = groups.get(key) ?? {
      taxCategory: line.taxCategory,
      rate: line.taxRate,
      basis: 0,
      tax: 0,
      exemptionReason: exemption?.reason ?? null,
      exemptionReasonCode: exemption?.code ?? null,
    };
    group.basis += line.netAmount;
    groups.set(key, group);
  }
  const taxBreakdown = [...groups.values()]
    .map((group) => ({ ...group, tax: roundHalfAwayFromZero((group.basis * group.rate) / 10_000) }))
    .sort((a, b) => b.rate - a.rate);
  const net = outgoing.reduce((sum, line) => sum + line.netAmount, 0);
  const tax = taxBreakdown.reduce((sum, line) => sum + line.tax, 0);
  return { lines: outgoing, taxBreakdown, totals: { net, tax, gross: net + tax, paid, due: net + tax - paid } };
}

const PUBLIC_BUYER: OutgoingBuyer = {
  name: 'Freie Hansestadt Bremen – Die Senatorin für Finanzen',
  address: { street: 'Rudolf-Hilferding-Platz 1', postalCode: '28195', city: 'Bremen', countryCode: 'DE' },
  vatId: null,
  taxNumber: null,
  email: 'e-rechnung@finanzen.bremen.de',
  buyerReference: '04011000-12345-03',
  customerNumber: 'K-10042',
};

const germanAmounts = withAmounts([
  {
    description:
      'Einrichtung und Konfiguration Kontor Business inkl. Import der Stammdaten (Kreditoren, Debitoren, Kostenstellen) aus dem Altsystem',
    quantity: 12,
    unitCode: 'HUR',
    unitPrice: 12_500,
    taxRate: 1900,
  },
  {
    description: 'Lizenz Kontor Business, 25 Benutzer, Januar 2026',
    quantity: 1,
    unitCode: 'MON',
    unitPrice: 124_750,
    taxRate: 1900,
  },
  {
    description: 'Schulung „Rechnungseingang und Freigabe“ vor Ort',
    quantity: 1.5,
    unitCode: 'DAY',
    unitPrice: 98_000,
    taxRate: 1900,
  },
  {
    description: 'Fachbuch „Umsatzsteuer in der Praxis“, 4. Auflage',
    quantity: 3,
    unitCode: 'C62',
    unitPrice: 4_990,
    taxRate: 700,
  },
  { description: 'Reisekostenpauschale Bremen', quantity: 1, unitCode: 'LS', unitPrice: 18_000, taxRate: 1900 },
]);

export const GERMAN_INVOICE: OutgoingInvoice = {
  type: 'invoice',
  number: 'RE-2026-0042',
  issueDate: '2026-02-02',
  dueDate: '2026-03-04',
  currency: 'EUR',
  language: 'de',
  precedingInvoice: null,
  servicePeriod: { start: '2026-01-01', end: '2026-01-31' },
  notes: 'Leistungen gemäß Rahmenvertrag RV-2025-17 vom 12.11.2025.\nBitte geben Sie bei Zahlung die Rechnungsnummer an.',
  seller: SELLER_WITH_LOGO,
  buyer: PUBLIC_BUYER,
  payment: {
    ...BANK_ACCOUNT,
    reference: 'RE-2026-0042',
    termDays: 30,
    skonto: {
      rate: 200,
      days: 14,
      basis: germanAmounts.totals.gross,
      amount: roundHalfAwayFromZero(germanAmounts.totals.gross * 0.02),
      until: '2026-02-16',
    },
  },
  ...germanAmounts,
};

export const ENGLISH_CREDIT_NOTE: OutgoingInvoice = {
  type: 'credit_note',
  number: 'GS-2026-0007',
  issueDate: '2026-02-20',
  dueDate: '2026-03-06',
  currency: 'EUR',
  language: 'en',
  precedingInvoice: { number: 'RE-2026-0031', issueDate: '2026-01-15' },
  servicePeriod: null,
  notes: 'As agreed with Ms Shah on 18 February 2026.',
  seller: SAMPLE_SELLER,
  buyer: {
    name: 'Kreuzberg Labs GmbH',
    address: { street: 'Skalitzer Straße 85', postalCode: '10997', city: 'Berlin', countryCode: 'DE' },
    vatId: 'DE301234567',
    taxNumber: null,
    email: 'accounts@kreuzberg-labs.example',
    buyerReference: 'PO-2026-118',
    customerNumber: 'K-10311',
  },
  payment: { ...BANK_ACCOUNT, reference: 'GS-2026-0007', termDays: 14, skonto: null },
  ...withAmounts([
    {
      description: 'Credit for unused licence months March–April 2026 (Kontor Business, 10 users)',
      quantity: 2,
      unitCode: 'MON',
      unitPrice: 49_900,
      taxRate: 1900,
    },
    {
      description: 'Goodwill credit for the postponed onboarding workshop',
      quantity: 1,
      unitCode: 'LS',
      unitPrice: 25_000,
      taxRate: 1900,
    },
  ]),
};

const SITES = ['Wien-Favoriten', 'Linz-Urfahr', 'Graz-Lend', 'Salzburg-Lehen', 'Innsbruck-Wilten', 'Klagenfurt', 'St. Pölten'];
const TASKS: Omit<SampleLine, 'description' | 'taxRate'>[] = [
  { quantity: 1.5, unitCode: 'HUR', unitPrice: 9_500 },
  { quantity: 1, unitCode: 'C62', unitPrice: 48_900 },
  { quantity: 2.25, unitCode: 'HUR', unitPrice: 9_500 },
  { quantity: 1, unitCode: 'LS', unitPrice: 6_500 },
  { quantity: 12.5, unitCode: 'MTR', unitPrice: 390 },
];
const TASK_TEXTS = [
  'Wartung Kassensystem und Belegdrucker',
  'Austausch Netzwerk-Switch inkl. Konfiguration der VLANs und Dokumentation im Betriebshandbuch der Filiale',
  'Fehleranalyse Warenwirtschaft, Neuaufsetzen der Schnittstelle zum Zentrallager',
  'Anfahrtspauschale',
  'Netzwerkkabel Cat. 7 verlegt',
];

/** The ticket number printed in line `index` (0-based): unique, so tests can count each line. */
export function longInvoiceTicket(index: number): string {
  return `SR-26-${1001 + index}`;
}

const longLines: SampleLine[] = Array.from({ length: 80 }, (_, index) => {
  const task = TASKS[index % TASKS.length] ?? { quantity: 1, unitCode: 'C62', unitPrice: 0 };
  const text = TASK_TEXTS[index % TASK_TEXTS.length] ?? '';
  const site = SITES[index % SITES.length] ?? '';
  return { ...task, description: `${text}, Filiale ${site} (Ticket ${longInvoiceTicket(index)})`, taxRate: 0, taxCategory: 'AE' };
});

export const LONG_INVOICE: OutgoingInvoice = {
  type: 'invoice',
  number: 'RE-2026-0107',
  issueDate: '2026-03-31',
  dueDate: '2026-04-30',
  currency: 'EUR',
  language: 'de',
  precedingInvoice: null,
  servicePeriod: null,
  notes: null,
  seller: SAMPLE_SELLER,
  buyer: {
    name: 'Alpenmarkt Handels GmbH',
    address: { street: 'Mariahilfer Straße 120', postalCode: '1070', city: 'Wien', countryCode: 'AT' },
    vatId: 'ATU12345678',
    taxNumber: null,
    email: 'kreditoren@alpenmarkt.example',
    buyerReference: null,
    customerNumber: 'K-20417',
  },
  payment: { ...BANK_ACCOUNT, reference: 'RE-2026-0107', termDays: 30, skonto: null },
  ...withAmounts(
    longLines,
    { AE: { reason: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)', code: 'VATEX-EU-AE' } },
    500_000,
  ),
};

/** One rate (19 %) to a business customer, a line with a unit as typed ("Lizenz"), no skonto. */
export const ONE_RATE_INVOICE: OutgoingInvoice = {
  type: 'invoice',
  number: 'RE-2026-0043',
  issueDate: '2026-02-03',
  dueDate: '2026-02-17',
  currency: 'EUR',
  language: 'de',
  precedingInvoice: null,
  servicePeriod: null,
  notes: null,
  seller: SAMPLE_SELLER,
  buyer: {
    name: 'Bäckerei Müller & Söhne OHG',
    address: { street: 'Marktplatz 7', postalCode: '93047', city: 'Regensburg', countryCode: 'DE' },
    vatId: 'DE987654328',
    taxNumber: null,
    email: 'buchhaltung@baeckerei-mueller.example',
    buyerReference: null,
    customerNumber: 'K-10077',
  },
  payment: { ...BANK_ACCOUNT, reference: 'RE-2026-0043', termDays: 14, skonto: null },
  ...(() => {
    const amounts = withAmounts([
      { description: 'Kontor Starter, Jahreslizenz 2026', quantity: 2, unitCode: 'C62', unitPrice: 59_000, taxRate: 1900 },
      { description: 'Einrichtung per Fernwartung', quantity: 2.25, unitCode: 'HUR', unitPrice: 9_500, taxRate: 1900 },
    ]);
    return { ...amounts, lines: amounts.lines.map((line, index) => (index === 0 ? { ...line, unit: 'Lizenz' } : line)) };
  })(),
};

export const SAMPLE_INVOICES = { GERMAN_INVOICE, ONE_RATE_INVOICE, ENGLISH_CREDIT_NOTE, LONG_INVOICE } as const;
