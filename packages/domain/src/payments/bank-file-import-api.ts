/**
 * Bank-file uploads (issue 7 item 5, SPEC §5 §9): pain.001 creates transactions; camt.053 or
 * pain.001 as trusted history records payments made before. Both stream, report progress and say
 * per entry what was skipped and why.
 */
import { z } from 'zod';

/** bank_statement: a camt.053 into the bank transactions of a company account (issue 61). */
export const BANK_FILE_IMPORT_KINDS = ['transactions', 'trusted_history', 'bank_statement'] as const;
export type BankFileImportKind = (typeof BANK_FILE_IMPORT_KINDS)[number];

export const BANK_FILE_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type BankFileImportStatus = (typeof BANK_FILE_IMPORT_STATUSES)[number];

/** Where a trusted-history row came from. */
export const PAYMENT_HISTORY_SOURCES = ['camt053', 'pain001', 'export'] as const;
export type PaymentHistorySource = (typeof PAYMENT_HISTORY_SOURCES)[number];

/** Largest bank file accepted (a 100,000-entry camt.053 is about 60 MB). */
export const MAX_BANK_FILE_BYTES = 200 * 1024 * 1024;
/** How many skipped entries and warnings are kept with their reasons; the counts are always complete. */
export const MAX_STORED_IMPORT_PROBLEMS = 1000;

/**
 * The problem codes an import reports (translation keys under bankFileImport.problems). Skips:
 * the entry made nothing. Warnings: it was imported, but something was changed or is worth a look.
 * The file readers' own codes (@kontor/formats: malformed_xml, missing_amount, xml_error,
 * control_sum_mismatch, …) are passed through as they are.
 */
export const BANK_FILE_IMPORT_SKIP_CODES = [
  'not_eur',
  'invalid_iban',
  'invalid_amount',
  'invalid_debitor_iban',
  'missing_debitor_name',
  'missing_creditor_name',
  'incoming_payment',
  'no_iban',
  'not_booked',
  'already_known',
  'unknown_account',
] as const;
export const BANK_FILE_IMPORT_WARNING_CODES = [
  'debitor_not_company_account',
  'execution_date_moved',
  'execution_date_missing',
  'remittance_shortened',
  'creditor_name_shortened',
  'end_to_end_id_replaced',
  'message_already_imported',
  'no_counterparty',
] as const;
/** Why a whole file failed (failureCode): the readers' BankFileError codes and the job's own. */
export const BANK_FILE_IMPORT_FAILURE_CODES = [
  'not_xml',
  'unexpected_message',
  'unknown_namespace',
  'unsupported_version',
  'file_truncated',
  'file_missing',
  'unknown_account',
  'no_statements',
  'internal',
] as const;

/** One skipped entry or warning: a translation key and its parameters, and where in the file. */
export interface StoredBankFileImportProblem {
  kind: 'skipped' | 'warning';
  /** Translation key under bankFileImport.problems (e.g. not_eur, invalid_iban, incoming_payment). */
  code: string;
  params?: Record<string, string | number>;
  /** 1-based entry number and line in the file, when known. */
  entry?: number;
  line?: number;
}

export const bankFileImportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(BANK_FILE_IMPORT_KINDS),
  format: z.enum(['pain.001', 'camt.053']).nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(BANK_FILE_IMPORT_STATUSES),
  /** 0..1 from the bytes read. */
  progress: z.number(),
  entryCount: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
  problems: z.array(
    z.object({
      kind: z.enum(['skipped', 'warning']),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      entry: z.number().int().optional(),
      line: z.number().int().optional(),
    }),
  ),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BankFileImport = z.infer<typeof bankFileImportSchema>;

/** GET /api/bank-file-imports: the latest 20 imports, newest first (each with its first 50 problems). */
export const bankFileImportListSchema = z.object({ items: z.array(bankFileImportSchema) });
export type BankFileImportList = z.infer<typeof bankFileImportListSchema>;

/** The multipart field that says what the upload is for (POST /api/bank-file-imports; statements have their own route). */
export const bankFileImportKindSchema = z.enum(['transactions', 'trusted_history']);
