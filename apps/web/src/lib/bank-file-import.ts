/**
 * Bank-file uploads as every screen that takes one shows them (payments, trusted history, bank
 * statements): which reasons have sentences, what may be uploaded, when an import is finished.
 */
import type { QueryKey } from '@tanstack/react-query';
import {
  BANK_FILE_IMPORT_FAILURE_CODES,
  BANK_FILE_IMPORT_SKIP_CODES,
  BANK_FILE_IMPORT_WARNING_CODES,
  type BankFileImport,
} from '@kontor/domain/payments/bank-file-import-api';

/** What the streaming readers of @kontor/formats skip or warn about; the import passes them through. */
const READER_CODES = [
  'missing_amount',
  'malformed_amount',
  'missing_currency',
  'invalid_currency',
  'missing_credit_debit',
  'malformed_date',
  'missing_creditor_account',
  'malformed_xml',
  'xml_error',
  'markup_repaired',
  'invalid_iban',
  'malformed_balance',
  'malformed_number',
  'control_sum_mismatch',
  'transaction_count_mismatch',
] as const;

/** The reasons the web knows how to say; any other code is shown with the generic sentence and the code itself. */
export const KNOWN_PROBLEM_CODES = [...BANK_FILE_IMPORT_SKIP_CODES, ...BANK_FILE_IMPORT_WARNING_CODES, ...READER_CODES] as const;
export type KnownProblemCode = (typeof KNOWN_PROBLEM_CODES)[number];

export function isKnownProblemCode(code: string): code is KnownProblemCode {
  return (KNOWN_PROBLEM_CODES as readonly string[]).includes(code);
}

/** Largest bank file the dialog sends (the server refuses more anyway). */
export const BANK_FILE_MAX_MB = 200;

/** Why a chosen file is refused before upload, or null when it may go. */
export function checkBankFile(file: Pick<File, 'name' | 'size' | 'type'>): 'tooLarge' | 'notXml' | null {
  if (file.size > BANK_FILE_MAX_MB * 1024 * 1024) return 'tooLarge';
  const isXml = /\.xml$/i.test(file.name) || file.type === 'text/xml' || file.type === 'application/xml';
  return isXml ? null : 'notXml';
}

/** Where an entry sat in the file, as far as the server knows. */
export function problemPlace(problem: BankFileImport['problems'][number]): { entry: number; line?: number } | null {
  if (problem.entry === undefined) return null;
  return problem.line === undefined ? { entry: problem.entry } : { entry: problem.entry, line: problem.line };
}

export type KnownFailureCode = (typeof BANK_FILE_IMPORT_FAILURE_CODES)[number];

/** Why a whole file failed, when the web has a sentence for it. */
export function isKnownFailureCode(code: string | null): code is KnownFailureCode {
  return (BANK_FILE_IMPORT_FAILURE_CODES as readonly (string | null)[]).includes(code);
}

/** How often an import's progress is asked for while the server reads the file. */
export const BANK_FILE_IMPORT_POLL_MS = 1000;

export function isImportFinished(entry: Pick<BankFileImport, 'status'> | undefined): boolean {
  return entry?.status === 'completed' || entry?.status === 'failed';
}

/** How one import is read (each upload has its endpoint); the upload dialog asks until it is finished. */
export interface BankFileImportQuery {
  queryKey: (id: string) => QueryKey;
  fetch: (id: string, signal: AbortSignal) => Promise<BankFileImport>;
}
