/**
 * Kontor's own CSV of invoices: one row per booking line (the invoice, or each of its split lines),
 * with every invoice field of SPEC §3 under a German or English heading.
 */

export interface KontorCsvRow {
  invoiceId: string;
  status: string;
  type: string;
  invoiceNumber: string | null;
  date: string | null;
  dueDate: string | null;
  counterpartyName: string | null;
  counterpartyVat: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  accountsPayableNumber: string | null;
  purchaseOrder: string | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  /** Minor units. */
  netAmount: number | null;
  taxAmount: number | null;
  totalAmount: number | null;
  currency: string | null;
  /** Basis points. */
  taxRate: number | null;
  taxKey: string | null;
  skontoRate: number | null;
  skontoAmount: number | null;
  skontoDate: string | null;
  paymentTerms: string | null;
  costCenter: string | null;
  costCenter2: string | null;
  ledgerAccount: string | null;
  /** 1-based position of the split line, null for an invoice without split lines. */
  line: number | null;
  lineAmount: number | null;
  remittanceInformation: string | null;
  notes: string | null;
  alreadyPaid: boolean;
  alreadyPaidDate: string | null;
  debitorIban: string | null;
  emailSender: string | null;
  emailSubject: string | null;
  /** ISO 8601 instants. */
  emailReceivedAt: string | null;
  documentFileName: string | null;
  exportedAt: string | null;
}

/** How a cell is written: amounts and rates as decimals, dates and instants per locale, the rest as text. */
export type KontorCsvKind = 'text' | 'amount' | 'rate' | 'integer' | 'date' | 'instant' | 'boolean';

export interface KontorCsvColumn {
  key: keyof KontorCsvRow;
  kind: KontorCsvKind;
  de: string;
  en: string;
}

const column = (key: keyof KontorCsvRow, kind: KontorCsvKind, de: string, en: string): KontorCsvColumn => ({ key, kind, de, en });

export const KONTOR_CSV_COLUMNS: readonly KontorCsvColumn[] = [
  column('invoiceId', 'text', 'Kontor-ID', 'Kontor ID'),
  column('status', 'text', 'Status', 'Status'),
  column('type', 'text', 'Belegart', 'Type'),
  column('invoiceNumber', 'text', 'Rechnungsnummer', 'Invoice number'),
  column('date', 'date', 'Rechnungsdatum', 'Invoice date'),
  column('dueDate', 'date', 'Fälligkeit', 'Due date'),
  column('counterpartyName', 'text', 'Geschäftspartner', 'Counterparty'),
  column('counterpartyVat', 'text', 'USt-IdNr.', 'VAT number'),
  column('counterpartyIban', 'text', 'IBAN', 'IBAN'),
  column('counterpartyBic', 'text', 'BIC', 'BIC'),
  column('accountsPayableNumber', 'text', 'Kreditorennummer', 'Accounts payable number'),
  column('purchaseOrder', 'text', 'Bestellnummer', 'Purchase order'),
  column('billingPeriodStart', 'date', 'Leistungszeitraum von', 'Billing period start'),
  column('billingPeriodEnd', 'date', 'Leistungszeitraum bis', 'Billing period end'),
  column('netAmount', 'amount', 'Nettobetrag', 'Net amount'),
  column('taxAmount', 'amount', 'Steuerbetrag', 'Tax amount'),
  column('totalAmount', 'amount', 'Bruttobetrag', 'Total amount'),
  column('currency', 'text', 'Währung', 'Currency'),
  column('taxRate', 'rate', 'Steuersatz (%)', 'Tax rate (%)'),
  column('taxKey', 'text', 'Steuerschlüssel', 'Tax key'),
  column('skontoRate', 'rate', 'Skonto (%)', 'Skonto rate (%)'),
  column('skontoAmount', 'amount', 'Skontobetrag', 'Skonto amount'),
  column('skontoDate', 'date', 'Skonto bis', 'Skonto date'),
  column('paymentTerms', 'text', 'Zahlungsbedingungen', 'Payment terms'),
  column('costCenter', 'text', 'Kostenstelle', 'Cost center'),
  column('costCenter2', 'text', 'Kostenstelle 2', 'Cost center 2'),
  column('ledgerAccount', 'text', 'Sachkonto', 'Ledger account'),
  column('line', 'integer', 'Zeile', 'Line'),
  column('lineAmount', 'amount', 'Zeilenbetrag', 'Line amount'),
  column('remittanceInformation', 'text', 'Verwendungszweck', 'Remittance information'),
  column('notes', 'text', 'Notizen', 'Notes'),
  column('alreadyPaid', 'boolean', 'Bereits bezahlt', 'Already paid'),
  column('alreadyPaidDate', 'date', 'Bezahlt am', 'Paid on'),
  column('debitorIban', 'text', 'Debitor-IBAN', 'Debtor IBAN'),
  column('emailSender', 'text', 'E-Mail-Absender', 'Email sender'),
  column('emailSubject', 'text', 'E-Mail-Betreff', 'Email subject'),
  column('emailReceivedAt', 'instant', 'E-Mail empfangen am', 'Email received at'),
  column('documentFileName', 'text', 'Dateiname', 'Document file name'),
  column('exportedAt', 'instant', 'Exportiert am', 'Exported at'),
];
