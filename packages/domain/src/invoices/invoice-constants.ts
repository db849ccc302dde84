/**
 * Invoice constants without zod, so that screens needing only these (the overview, the upload)
 * do not load the schemas.
 */
export const INVOICE_SORT_FIELDS = ['dueDate', 'date', 'totalAmount', 'counterpartyName', 'invoiceNumber', 'createdAt'] as const;
export const INVOICE_LIST_TABS = ['new', 'my-approvals', 'all-approvals', 'rejected', 'approved', 'archive'] as const;
/** The overview's filters on the invoice row: the filter panel's fields and the list query's. */
export const INVOICE_LIST_ROW_FILTERS = [
  'dateFrom',
  'dateTo',
  'dueFrom',
  'dueTo',
  'counterpartyId',
  'amountMin',
  'amountMax',
  'costCenterId',
] as const;
/** Upload limits (SPEC §9 and the Accounts payable issue). */
export const INVOICE_UPLOAD_LIMITS = {
  maxFiles: 20,
  maxBytes: 20 * 1024 * 1024,
  maxPdfPages: 50,
  /** application/xml: XRechnung (UBL, CII) and ZUGFeRD/Factur-X XML e-invoices (Invoice reading issue). */
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/webp', 'application/xml'],
} as const;
