import {
  addDaysIso,
  fillFromCounterpartyTerms,
  INVOICE_CURRENCIES,
  REMITTANCE_MAX_LENGTH,
  skontoAmountFor,
  type ReadFieldMark,
} from '@kontor/domain';
import { currencyExponent, type ExtractedInvoice, type ReadField } from '@kontor/formats';
import type { InvoiceInsert, InvoiceLineItemRow, InvoiceRow } from '../invoices/repo';
import type { CounterpartyFill, RecognisedCounterparty } from './counterparty-match';

/** The invoice columns reading may fill; everything else is the person's. */
type FillableColumns = Pick<
  InvoiceInsert,
  | 'counterpartyId'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'counterpartyBic'
  | 'counterpartyVat'
  | 'invoiceNumber'
  | 'purchaseOrder'
  | 'date'
  | 'dueDate'
  | 'billingPeriodStart'
  | 'billingPeriodEnd'
  | 'netAmount'
  | 'taxAmount'
  | 'totalAmount'
  | 'currency'
  | 'type'
  | 'skontoRate'
  | 'skontoAmount'
  | 'skontoDate'
  | 'paymentTerms'
  | 'ledgerAccountId'
  | 'taxRate'
  | 'remittanceInformation'
  | 'shouldCreateTransaction'
>;

/** The invoice column each reader field fills, for the doubts the reader reports. */
const DOUBT_COLUMNS: Record<string, keyof FillableColumns> = {
  invoiceNumber: 'invoiceNumber',
  date: 'date',
  dueDate: 'dueDate',
  netAmount: 'netAmount',
  taxAmount: 'taxAmount',
  totalAmount: 'totalAmount',
  'seller.name': 'counterpartyName',
};

export type NewLineItem = Omit<InvoiceLineItemRow, 'organizationId' | 'invoiceId' | 'position'>;

export interface InvoiceFill {
  patch: Partial<FillableColumns>;
  /** Replaces the line items only when the invoice has none. */
  lineItems: NewLineItem[] | null;
  marks: Record<string, ReadFieldMark>;
  /** The document's currency when it is not an invoice currency (the currency stays empty). */
  unsupportedCurrency: string | null;
}

export interface FillContext {
  row: InvoiceRow;
  lineItemCount: number;
  counterparty: (RecognisedCounterparty & { fill: CounterpartyFill | null }) | null;
  /** The IBANs stored for the invoice's (or the recognised) counterparty; empty when none or unknown. */
  counterpartyIbans: readonly string[];
}

const fits = (max: number) => (value: string) => value.length > 0 && value.length <= max;
const MAX_LINE_ITEMS = 500;

/**
 * Maps what was read onto the invoice's fields. Only empty fields are filled (what a person typed
 * is never overwritten, and a second run of the job changes nothing), and only values that pass
 * the form's own limits, so that the person can save the form as it comes.
 */
export function fillInvoice(invoice: ExtractedInvoice, context: FillContext): InvoiceFill {
  const { row } = context;
  const patch: Partial<FillableColumns> = {};
  const marks: Record<string, ReadFieldMark> = {};
  const mark = (field: string, read: Pick<ReadField<unknown>, 'confidence' | 'source'>) => {
    marks[field] = { confidence: Math.max(0, Math.min(1, read.confidence)), source: read.source };
  };
  const take = <K extends keyof FillableColumns>(
    column: K,
    read: ReadField<NonNullable<FillableColumns[K]>> | undefined,
    isValid: (value: NonNullable<FillableColumns[K]>) => boolean = () => true,
  ) => {
    if (!read || row[column as keyof InvoiceRow] !== null || patch[column] !== undefined) return;
    if (read.value === null || read.value === undefined || !isValid(read.value)) return;
    patch[column] = read.value;
    mark(column, read);
  };

  const currencyCode = invoice.currency?.value.toUpperCase() ?? null;
  const isInvoiceCurrency = currencyCode !== null && (INVOICE_CURRENCIES as readonly string[]).includes(currencyCode);
  const unsupportedCurrency = currencyCode !== null && !isInvoiceCurrency ? currencyCode : null;
  // Minor units of a currency with another exponent (JPY 0, KWD 3) would read as wrong cents.
  const hasCentAmounts = currencyCode === null || currencyExponent(currencyCode) === 2;
  if (isInvoiceCurrency && invoice.currency) take('currency', { ...invoice.currency, value: currencyCode });

  const recognised = context.counterparty;
  if (recognised && row.counterpartyId === null) {
    patch.counterpartyId = recognised.id;
    marks.counterparty = {
      confidence: recognised.confidence,
      source: invoice.seller.name?.source ?? invoice.iban?.source ?? 'xml',
    };
  }
  take('counterpartyName', invoice.seller.name, fits(200));
  take('counterpartyVat', invoice.seller.vatId, fits(20));
  if (isDocumentAccountPayable(invoice, context.counterpartyIbans)) take('counterpartyIban', invoice.iban, fits(42));
  if (patch.counterpartyIban || (row.counterpartyIban !== null && row.counterpartyIban === invoice.iban?.value))
    take('counterpartyBic', invoice.bic, fits(11));
  take('invoiceNumber', invoice.invoiceNumber, fits(100));
  take('purchaseOrder', invoice.purchaseOrder, fits(100));
  take('date', invoice.date);
  take('billingPeriodStart', invoice.billingPeriodStart);
  take('billingPeriodEnd', invoice.billingPeriodEnd);
  // `type` defaults to 'invoice' rather than null: a credit note read from the document wins
  // over that default, as long as nobody edited the invoice since it was created.
  if (invoice.type?.value === 'credit_note' && row.type === 'invoice' && row.version === 1) {
    patch.type = 'credit_note';
    mark('type', invoice.type);
  }
  if (hasCentAmounts) {
    take('netAmount', invoice.netAmount);
    take('taxAmount', invoice.taxAmount);
    take('totalAmount', invoice.totalAmount);
  }
  const singleRate = invoice.taxBreakdown.length === 1 ? invoice.taxBreakdown[0]!.rate : null;
  const taxRate =
    invoice.taxRate ?? (singleRate !== null ? { value: singleRate, confidence: 1, source: sourceOf(invoice) } : undefined);
  take('taxRate', taxRate);
  take(
    'paymentTerms',
    invoice.paymentTerms && { ...invoice.paymentTerms, value: invoice.paymentTerms.value.slice(0, 200).trim() },
    fits(200),
  );

  const invoiceDate = patch.date ?? row.date;
  const fill = recognised?.fill ?? null;
  if (invoice.dueDate) take('dueDate', invoice.dueDate);
  else if (invoice.paymentTermDays && invoiceDate) {
    take('dueDate', { ...invoice.paymentTermDays, value: addDaysIso(invoiceDate, invoice.paymentTermDays.value) });
  }

  const total = patch.totalAmount ?? row.totalAmount;
  if (invoice.skonto) {
    const { rate, days, amount } = invoice.skonto.value;
    take('skontoRate', { ...invoice.skonto, value: rate });
    if (hasCentAmounts) {
      const skontoAmount = amount ?? (total !== null && total !== undefined ? skontoAmountFor(total, rate) : null);
      if (skontoAmount !== null) take('skontoAmount', { ...invoice.skonto, value: skontoAmount });
    }
    if (invoiceDate) take('skontoDate', { ...invoice.skonto, value: addDaysIso(invoiceDate, days) });
  }

  const remittance = invoice.remittanceInformation ?? invoice.invoiceNumber;
  take('remittanceInformation', remittance, fits(REMITTANCE_MAX_LENGTH));

  if (fill) {
    // The counterparty's agreed terms, where neither the document nor a person gave a value.
    const fromTerms = fillFromCounterpartyTerms(
      {
        date: invoiceDate ?? null,
        dueDate: patch.dueDate ?? row.dueDate,
        totalAmount: total ?? null,
        skontoRate: patch.skontoRate ?? row.skontoRate,
        ledgerAccount: row.ledgerAccountId,
      },
      fill,
    );
    const { ledgerAccount, ...terms } = fromTerms;
    Object.assign(patch, terms);
    if (ledgerAccount !== undefined) patch.ledgerAccountId = ledgerAccount;
    if (row.counterpartyName === null && patch.counterpartyName === undefined) patch.counterpartyName = fill.name;
    if (row.counterpartyVat === null && patch.counterpartyVat === undefined && fill.vatNumber)
      patch.counterpartyVat = fill.vatNumber;
  }
  // Collected by direct debit: nothing to transfer, so no payment is proposed unless a person
  // switches it on (only while nobody has edited the invoice, as for the type above).
  if (invoice.paymentMeans?.value === 'direct_debit' && row.shouldCreateTransaction && row.version === 1) {
    patch.shouldCreateTransaction = false;
    mark('shouldCreateTransaction', invoice.paymentMeans);
  }

  // Fields the reader left empty on purpose say why, as long as nobody filled them.
  for (const doubt of invoice.doubts ?? []) {
    const column = DOUBT_COLUMNS[doubt.field];
    if (!column || row[column] !== null || patch[column] !== undefined || marks[column]) continue;
    marks[column] = { confidence: 0, source: sourceOf(invoice), doubt: doubt.reason };
  }

  const lineItems = context.lineItemCount === 0 && hasCentAmounts ? toLineItems(invoice) : null;
  if (lineItems && lineItems.length > 0)
    marks.lineItems = { confidence: invoice.kind.startsWith('einvoice') ? 1 : 0.7, source: sourceOf(invoice) };
  return { patch, lineItems: lineItems && lineItems.length > 0 ? lineItems : null, marks, unsupportedCurrency };
}

/**
 * The document's account is filled in as the one to pay only where nothing speaks against it: a
 * transfer to the seller (not to a different payee), with a valid IBAN, that the counterparty
 * either has stored or has no accounts to compare with. Otherwise the invoice asks a person.
 */
function isDocumentAccountPayable(invoice: ExtractedInvoice, counterpartyIbans: readonly string[]): boolean {
  const iban = invoice.iban?.value;
  if (!iban || invoice.paymentMeans?.value === 'direct_debit') return false;
  if (invoice.payee || invoice.documentAccount?.value.role === 'payee') return false;
  return counterpartyIbans.length === 0 || counterpartyIbans.includes(iban);
}

function sourceOf(invoice: ExtractedInvoice): ReadFieldMark['source'] {
  if (invoice.kind === 'ocr') return 'ocr';
  return invoice.kind === 'text-pdf' ? 'text' : 'xml';
}

/** Line items in the form's terms: quantity in thousandths, prices in minor units. */
function toLineItems(invoice: ExtractedInvoice): NewLineItem[] {
  return invoice.lineItems.slice(0, MAX_LINE_ITEMS).flatMap((item) => {
    const description = item.description.trim().slice(0, 500);
    const quantity = item.quantity ?? 1;
    const totalPrice = item.totalPrice ?? (item.unitPrice !== null ? Math.round(item.unitPrice * quantity) : null);
    const unitPrice = item.unitPrice ?? (totalPrice !== null && quantity !== 0 ? Math.round(totalPrice / quantity) : null);
    if (!description || totalPrice === null || unitPrice === null) return [];
    return [
      {
        description,
        quantity: Math.round(quantity * 1000),
        unit: item.unit ? item.unit.slice(0, 20) : null,
        unitPrice,
        totalPrice,
        taxRate: item.taxRate !== null && item.taxRate >= 0 && item.taxRate <= 10_000 ? item.taxRate : null,
      },
    ];
  });
}
