/**
 * Compares a read invoice with an entry of the fixtures' EXPECTED_invoice_summaries.json (values
 * copied verbatim from the XML by the collector). Shared by the conformance test and the
 * benchmark so that both count "right" the same way. Pure: the caller loads the JSON.
 */
import type { ExtractedInvoice } from '../extracted-invoice';
import { currencyExponent } from './amounts';
import { normaliseIban } from './payment';

export interface ExpectedSummary {
  syntax: string | null;
  guideline_id: string | null;
  invoice_number: string | null;
  type_code: string | null;
  issue_date: string | null;
  currency: string | null;
  seller_name: string | null;
  buyer_name: string | null;
  line_total: string | null;
  tax_basis_total: string | null;
  tax_total: string | null;
  grand_total: string | null;
  prepaid: string | null;
  due_payable: string | null;
  line_count: number | null;
  payee_ibans: string[];
}

export interface ExpectedEntry extends Partial<ExpectedSummary> {
  /** PDFs: the summary of each embedded XML by file name. */
  embedded?: Record<string, ExpectedSummary>;
  embedded_files?: string[];
  error?: string;
}

export interface FieldCheck {
  field: string;
  expected: unknown;
  actual: unknown;
  ok: boolean;
}

/**
 * Documents whose only IBAN belongs to a SEPA direct debit (payment means 49/59): it is the
 * buyer's account to be debited, which the reader deliberately does not offer as payee IBAN.
 */
export const DIRECT_DEBIT_FIXTURES = new Set([
  'zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_SEPA_Prenotification.pdf',
  'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_SEPA_Prenotification.pdf',
  'xrechnung-testsuite/business-cases/standard/03.05a-INVOICE_uncefact.xml',
  'xrechnung-testsuite/technical-cases/cius/01.04_comprehensive_test_uncefact.xml',
]);

const SYNTAX: Record<string, string> = {
  CII: 'CII',
  'UBL-Invoice': 'UBL',
  'UBL-CreditNote': 'UBL',
  'ZUGFeRD-1.0-CII': 'ZUGFeRD1',
};

function isoDate(raw: string | null): string | null {
  if (!raw) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(raw.trim());
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : raw.trim().slice(0, 10);
}

/** Verbatim decimal → minor units via a float: independent of the reader's string arithmetic. */
function minor(raw: string | null, currency: string | null): number | null {
  return raw === null ? null : Math.round(Number(raw) * 10 ** currencyExponent(currency));
}

const name = (value: string | null | undefined): string | null => value?.replace(/\s+/g, ' ').trim() || null;

/** The fields compared, in a stable order; `ok` per field. */
export function compareWithExpected(actual: ExtractedInvoice, expected: ExpectedSummary, fixture = ''): FieldCheck[] {
  const currency = expected.currency;
  const payee = DIRECT_DEBIT_FIXTURES.has(fixture) ? null : (expected.payee_ibans.map(normaliseIban).find(Boolean) ?? null);
  const pairs: [string, unknown, unknown][] = [
    ['syntax', expected.syntax ? SYNTAX[expected.syntax] : null, actual.syntax],
    ['guideline_id', expected.guideline_id, actual.profile],
    ['invoice_number', expected.invoice_number, actual.invoiceNumber?.value ?? null],
    ['type_code', expected.type_code, actual.typeCode?.value ?? null],
    ['issue_date', isoDate(expected.issue_date), actual.date?.value ?? null],
    ['currency', currency, actual.currency?.value ?? null],
    ['line_total', minor(expected.line_total, currency), actual.lineTotalAmount?.value ?? null],
    ['tax_basis_total', minor(expected.tax_basis_total, currency), actual.netAmount?.value ?? null],
    ['tax_total', minor(expected.tax_total, currency), actual.taxAmount?.value ?? null],
    ['grand_total', minor(expected.grand_total, currency), actual.totalAmount?.value ?? null],
    ['prepaid', minor(expected.prepaid, currency), actual.prepaidAmount?.value ?? null],
    ['due_payable', minor(expected.due_payable, currency), actual.amountDue?.value ?? null],
    ['line_count', expected.line_count, actual.lineItems.length],
    ['seller_name', name(expected.seller_name), name(actual.seller.name?.value)],
    ['buyer_name', name(expected.buyer_name), name(actual.buyer.name?.value)],
    ['payee_iban', payee, actual.iban?.value ?? null],
  ];
  return pairs.map(([field, want, got]) => ({ field, expected: want, actual: got, ok: want === got }));
}

/** The summaries a fixture expects: itself for XML, its embedded e-invoice for a PDF. */
export function expectedSummaryOf(entry: ExpectedEntry): ExpectedSummary | null {
  if (entry.embedded) return Object.values(entry.embedded)[0] ?? null;
  return entry.syntax !== undefined ? (entry as ExpectedSummary) : null;
}
