/**
 * The columns of a receivables CSV (issue 64), one invoice per row, and the headers (de, en,
 * DATEV-ish) each is found by; the web's import dialog pre-selects the mapping with the same names.
 */
export type ArImportColumn =
  | 'invoiceNumber'
  | 'customer'
  | 'customerNumber'
  | 'invoiceDate'
  | 'dueDate'
  | 'netAmount'
  | 'taxRate'
  | 'totalAmount'
  | 'paidAmount'
  | 'currency'
  | 'description';

export const AR_IMPORT_COLUMNS: readonly { key: ArImportColumn; required: boolean; aliases: readonly string[] }[] = [
  {
    key: 'invoiceNumber',
    required: true,
    aliases: ['Rechnungsnummer', 'Rechnungsnr', 'Belegnummer', 'Belegfeld 1', 'Invoice number', 'Number'],
  },
  { key: 'customer', required: true, aliases: ['Kunde', 'Debitor', 'Kundenname', 'Name', 'Customer'] },
  {
    key: 'customerNumber',
    required: false,
    aliases: ['Debitorennummer', 'Kundennummer', 'Konto', 'AR number', 'Customer number'],
  },
  { key: 'invoiceDate', required: true, aliases: ['Rechnungsdatum', 'Belegdatum', 'Datum', 'Invoice date', 'Date'] },
  { key: 'dueDate', required: false, aliases: ['Fälligkeit', 'Fällig am', 'Fälligkeitsdatum', 'Due date'] },
  { key: 'netAmount', required: false, aliases: ['Netto', 'Nettobetrag', 'Net', 'Net amount'] },
  { key: 'taxRate', required: false, aliases: ['Steuersatz', 'USt-Satz', 'MwSt-Satz', 'Tax rate', 'VAT rate'] },
  { key: 'totalAmount', required: true, aliases: ['Brutto', 'Bruttobetrag', 'Betrag', 'Umsatz', 'Total', 'Gross', 'Amount'] },
  { key: 'paidAmount', required: false, aliases: ['Bezahlt', 'Gezahlt', 'Paid'] },
  { key: 'currency', required: false, aliases: ['Währung', 'WKZ Umsatz', 'Currency'] },
  { key: 'description', required: false, aliases: ['Beschreibung', 'Buchungstext', 'Text', 'Description'] },
];
