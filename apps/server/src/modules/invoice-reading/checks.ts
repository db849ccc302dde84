import { isIban, normalizeIban, type FormalInvoiceItem } from '@kontor/domain';
import type { ExtractedInvoice } from '@kontor/formats';

/** §33 UStDV: invoices up to 250 € gross (Kleinbetragsrechnung) need fewer items. */
const SMALL_INVOICE_LIMIT_MINOR = 25_000;

/**
 * The §14 Abs. 4 UStG items the read document lacks. For text and OCR readings the absence of
 * line items says more about the reader than about the document, so that item is only checked
 * where line items are read exactly (e-invoices) or some were found.
 */
export function findMissingFormalItems(invoice: ExtractedInvoice): FormalInvoiceItem[] {
  const { seller, buyer } = invoice;
  const hasAddress = (address: ExtractedInvoice['seller']['address']) => Boolean(address?.value.street || address?.value.city);
  const breakdown = invoice.taxBreakdown;
  const isExact = invoice.kind === 'einvoice-xml' || invoice.kind === 'einvoice-pdf';
  const isSmall = invoice.totalAmount !== undefined && Math.abs(invoice.totalAmount.value) <= SMALL_INVOICE_LIMIT_MINOR;
  const present: Record<FormalInvoiceItem, boolean> = {
    supplier_name_address: Boolean(seller.name) && hasAddress(seller.address),
    recipient_name_address: isSmall || (Boolean(buyer.name) && hasAddress(buyer.address)),
    tax_number_or_vat_id: isSmall || Boolean(seller.vatId || seller.taxNumber),
    invoice_date: Boolean(invoice.date),
    invoice_number: isSmall || Boolean(invoice.invoiceNumber),
    quantity_and_description:
      invoice.lineItems.length > 0
        ? invoice.lineItems.every((item) => item.description.trim() !== '' && item.quantity !== null)
        : !isExact,
    service_date_or_period: isSmall || Boolean(invoice.deliveryDate || invoice.billingPeriodStart || invoice.billingPeriodEnd),
    net_amount_per_rate:
      isSmall || (breakdown.length > 0 ? breakdown.every((line) => Number.isFinite(line.basis)) : Boolean(invoice.netAmount)),
    tax_rate_and_amount:
      breakdown.length > 0
        ? breakdown.every((line) => Number.isFinite(line.rate) && Number.isFinite(line.tax))
        : Boolean(invoice.taxRate && (isSmall || invoice.taxAmount)),
  };
  return (Object.keys(present) as FormalInvoiceItem[]).filter((item) => !present[item]);
}

const IBAN_IN_TEXT = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/g;

/** Every valid IBAN written in a text (with or without the usual groups of four). */
export function findIbans(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.toUpperCase().matchAll(IBAN_IN_TEXT)) {
    // A greedy match may run into the next word ("DE89 3704 … 00 BIC"): shorten until valid.
    let candidate = normalizeIban(match[0]);
    while (candidate.length >= 15 && !isIban(candidate)) candidate = candidate.slice(0, -1);
    if (candidate.length >= 15) found.add(candidate);
  }
  return [...found];
}

/** The ways a total is commonly written: 1.234,56 / 1234,56 / 1,234.56 / 1234.56. */
export function amountSpellings(minor: number): string[] {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, '0');
  const grouped = (separator: string) => units.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const spellings = [`${grouped('.')},${cents}`, `${units},${cents}`, `${grouped(',')}.${cents}`, `${units}.${cents}`];
  return negative ? [...spellings, ...spellings.map((spelling) => `-${spelling}`)] : spellings;
}

/**
 * ZUGFeRD/Factur-X: the visible page must say what the embedded XML says. A mismatch is only
 * claimed on evidence: the page names IBANs and none is the XML's; the page shows a total
 * (read from its text) that differs and the XML's total appears nowhere on it.
 */
export function findHybridMismatches(
  xml: ExtractedInvoice,
  visible: { text: string; hasTextLayer: boolean; readTotal: number | null },
): ('iban' | 'total')[] {
  if (!visible.hasTextLayer || visible.text.trim() === '') return [];
  const mismatches: ('iban' | 'total')[] = [];
  const xmlIban = xml.iban?.value ? normalizeIban(xml.iban.value) : null;
  const pageIbans = findIbans(visible.text);
  if (xmlIban && pageIbans.length > 0 && !pageIbans.includes(xmlIban)) mismatches.push('iban');
  const xmlTotal = xml.amountDue?.value ?? xml.totalAmount?.value;
  if (xmlTotal !== undefined && visible.readTotal !== null) {
    const compact = visible.text.replace(/[ \u00a0]/g, '');
    const totals = [xml.totalAmount?.value, xml.amountDue?.value].filter((value): value is number => value !== undefined);
    const isShown = totals.some((total) => amountSpellings(total).some((spelling) => compact.includes(spelling)));
    if (!totals.includes(visible.readTotal) && !isShown) mismatches.push('total');
  }
  return mismatches;
}
