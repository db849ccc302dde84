/**
 * Accounting exports (SPEC §9, issue 41): the formats the accountant's tools read, the export
 * types (what goes into the file or zip), and the download job's states (SPEC §4). Kept free of
 * zod so that list screens can name them without loading schema code.
 */
export const EXPORT_FORMATS = ['kontor_csv', 'datev', 'bmd', 'rzl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * - csv: the booking file only;
 * - documents: the invoices' documents only (a zip, named by invoice number);
 * - simple: a zip of the booking file and the documents named by invoice number;
 * - complete: a zip of the booking file, documents, attachments and an index; for DATEV the
 *   document-link column (Beleglink) is filled and a DATEV document.xml describes the documents.
 */
export const EXPORT_TYPES = ['csv', 'documents', 'simple', 'complete'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** What an export books: approved supplier invoices, or the payments of a SEPA-exported payment run. */
export const EXPORT_SOURCES = ['invoices', 'payment_run'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];

export const DOWNLOAD_JOB_STATUSES = ['processing', 'completed', 'failed'] as const;
export type DownloadJobStatus = (typeof DOWNLOAD_JOB_STATUSES)[number];

/** Kinds of download job; accounting exports are the first. */
export const DOWNLOAD_JOB_KINDS = ['accounting_export'] as const;
export type DownloadJobKind = (typeof DOWNLOAD_JOB_KINDS)[number];

/** Invoices (ids) one explicit selection may name; "all" has no such limit. */
export const MAX_EXPORT_SELECTION = 10_000;

/** Problems listed per check answer; the counts per code cover all of them. */
export const MAX_LISTED_EXPORT_PROBLEMS = 200;

/**
 * Every problem the pre-export check can name (issue 41 item 4). Errors keep the invoice out of
 * the export; warnings say what the file will carry instead (a shortened text, a cleaned number).
 */
export const EXPORT_PROBLEM_CODES = [
  // The organisation's export settings
  'settings_datev_numbers_missing',
  'settings_bmd_client_missing',
  'settings_rzl_client_missing',
  'bank_account_ledger_missing',
  // The invoice's state
  'not_approved',
  'already_exported',
  'being_exported',
  'in_ocr',
  // Accounts
  'counterparty_missing',
  'ap_number_missing',
  'ap_number_invalid',
  'ledger_account_missing',
  'ledger_account_invalid',
  // Tax
  'tax_key_missing',
  'tax_key_unknown_to_format',
  // Texts
  'invoice_number_missing',
  'invoice_number_too_long',
  'invoice_number_cleaned',
  'text_shortened',
  'cost_center_too_long',
  'character_not_representable',
  // Amounts and dates
  'amount_zero',
  'amount_sign',
  'currency_rate_missing',
  'date_missing',
  // Documents (export types with documents): missing in storage; a zip larger than it can be
  'document_missing',
  'export_too_large',
] as const;
export type ExportProblemCode = (typeof EXPORT_PROBLEM_CODES)[number];

/**
 * A missing RZL client number is a warning: the file is still written, only without its
 * <mandant>, so RZL cannot refuse an import into the wrong client.
 */
export const EXPORT_WARNING_CODES: readonly ExportProblemCode[] = [
  'invoice_number_cleaned',
  'text_shortened',
  'settings_rzl_client_missing',
];

/**
 * The fields a problem may name in its `field` param (character_not_representable,
 * settings_bmd_client_missing): the web shows each in the reader's words (exports:problemFields).
 */
export const EXPORT_PROBLEM_FIELDS = [
  'counterpartyName',
  'invoiceNumber',
  'costCenter',
  'costCenter2',
  'remittanceInformation',
  // BMD Personenkonten: the counterparty's master record as the file writes it
  'accountName',
  'street',
  'zip',
  'city',
  // Export settings
  'bmdInvoiceSymbol',
  'bmdPaymentSymbol',
] as const;
export type ExportProblemField = (typeof EXPORT_PROBLEM_FIELDS)[number];

export function isExportWarning(code: ExportProblemCode): boolean {
  return EXPORT_WARNING_CODES.includes(code);
}

/** Which export types a format offers: every format has its booking file; Kontor CSV as well. */
export function exportFileExtension(format: ExportFormat): 'csv' | 'xml' {
  return format === 'rzl' ? 'xml' : 'csv';
}
