/**
 * Bank-file uploads (issue 7 item 5, SPEC §5 §9): pain.001 creates transactions; camt.053 or
 * pain.001 as trusted history records payments made before. Both stream, report progress and say
 * per entry what was skipped and why.
 */
import { z } from 'zod';

export const BANK_FILE_IMPORT_KINDS = ['transactions', 'trusted_history'] as const;
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

/** The multipart field that says what the upload is for (POST /api/bank-file-imports). */
export const bankFileImportKindSchema = z.enum(BANK_FILE_IMPORT_KINDS);
