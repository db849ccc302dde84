/** The accounting-export API (issue 41): /api/exports, /api/download-jobs and /api/export-settings. */
import { z } from 'zod';
import {
  DOWNLOAD_JOB_KINDS,
  DOWNLOAD_JOB_STATUSES,
  EXPORT_FORMATS,
  EXPORT_PROBLEM_CODES,
  EXPORT_SOURCES,
  EXPORT_TYPES,
  MAX_EXPORT_SELECTION,
} from './export-formats';

export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export const exportTypeSchema = z.enum(EXPORT_TYPES);

/**
 * What to export:
 * - invoices: these invoices (a selection of the approved tab, or exported ones to export again);
 * - ready: every approved invoice that is ready to export;
 * - payment_run: the payments of one SEPA-exported payment run;
 * - repeat: whatever a past export held, exported again.
 */
export const exportSelectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('invoices'),
    invoiceIds: z.array(z.uuid()).min(1, { message: 'export_nothing_selected' }).max(MAX_EXPORT_SELECTION),
  }),
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('payment_run'), paymentRunId: z.uuid() }),
  z.object({ kind: z.literal('repeat'), exportId: z.uuid() }),
]);
export type ExportSelection = z.infer<typeof exportSelectionSchema>;

/** Foreign currency per 1 EUR, as the ECB quotes it ("1.0850" USD): up to 6 decimals. */
export const exchangeRateSchema = z.string().regex(/^\d{1,6}([.,]\d{1,6})?$/, { message: 'exchange_rate_invalid' });

export const exportCheckBodySchema = z.object({
  selection: exportSelectionSchema,
  format: exportFormatSchema,
  /** An explicit "export again" for invoices (or a run) that were exported before. */
  exportAgain: z.boolean().default(false),
  /** Rates for the foreign currencies of the selection, by ISO code. */
  exchangeRates: z.record(z.string().regex(/^[A-Z]{3}$/), exchangeRateSchema).default({}),
  /** The export type, when chosen: types with documents also check the documents in storage and the zip's size. */
  type: exportTypeSchema.optional(),
});
export type ExportCheckBody = z.input<typeof exportCheckBodySchema>;

export const createExportBodySchema = exportCheckBodySchema.extend({
  type: exportTypeSchema,
  /** Export what passes the check and leave the invoices with problems out (they stay ready to export). */
  skipProblems: z.boolean().default(false),
});
export type CreateExportBody = z.input<typeof createExportBodySchema>;

export const exportProblemSchema = z.object({
  /** Null for a problem of the organisation's settings, which concerns every invoice. */
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  code: z.enum(EXPORT_PROBLEM_CODES),
  severity: z.enum(['error', 'warning']),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ExportProblem = z.infer<typeof exportProblemSchema>;

/** POST /api/exports/check: what the export would hold and every problem the chosen format has with it. */
export const exportCheckSchema = z.object({
  total: z.number().int(),
  /** Invoices (or payments) without an error: what "export the rest" writes. */
  exportable: z.number().int(),
  /** Bookings the exportable ones make (split lines each one). */
  bookings: z.number().int(),
  problems: z.array(exportProblemSchema),
  problemCounts: z.partialRecord(z.enum(EXPORT_PROBLEM_CODES), z.number().int()),
  /** Whether every problem is in the list (the list stops at MAX_LISTED_EXPORT_PROBLEMS). */
  isComplete: z.boolean(),
  /** Foreign currencies in the selection: each needs a rate for DATEV, BMD and RZL. */
  currencies: z.array(z.string()),
});
export type ExportCheck = z.infer<typeof exportCheckSchema>;

/** A download job (SPEC §3 §4): an accounting export as it runs and after. */
export const downloadJobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOWNLOAD_JOB_KINDS),
  status: z.enum(DOWNLOAD_JOB_STATUSES),
  source: z.enum(EXPORT_SOURCES),
  format: exportFormatSchema,
  type: exportTypeSchema,
  exportAgain: z.boolean(),
  /** Invoices or payments the export holds, and how many of them are written so far. */
  itemCount: z.number().int(),
  doneCount: z.number().int(),
  bookingCount: z.number().int().nullable(),
  /** Invoices left out because their document was gone from storage when the job ran (a payment run: documents left out). */
  missingDocumentCount: z.number().int(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  paymentRunNumber: z.number().int().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** An error code (errors catalogue) for a failed job. */
  failureCode: z.string().nullable(),
});
export type DownloadJob = z.infer<typeof downloadJobSchema>;

export const downloadJobListSchema = z.object({ items: z.array(downloadJobSchema) });

export const exportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(500).optional(),
});
export const exportListSchema = z.object({ items: z.array(downloadJobSchema), nextCursor: z.string().nullable() });

/** One invoice (or payment) of a past export. */
export const exportItemSchema = z.object({
  invoiceId: z.uuid().nullable(),
  transactionId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  date: z.string().nullable(),
  totalAmount: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;
export const exportItemListSchema = z.object({ items: z.array(exportItemSchema), nextCursor: z.string().nullable() });

/** GET /api/download-jobs/:id/link: a signed link to the finished file. */
export const downloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
/** POST /api/download-jobs/:id/email: the link went to the caller's own address. */
export const downloadMailSchema = z.object({ sentTo: z.string() });

/** DATEV charts of accounts the header names (SKR 03, SKR 04). */
export const DATEV_CHARTS = ['03', '04'] as const;

/** The organisation's export settings (admin, Settings › Export). */
export const exportSettingsSchema = z.object({
  defaultFormat: exportFormatSchema,
  defaultType: exportTypeSchema,
  /** DATEV Beraternummer (1001–9999999) and Mandantennummer (1–99999). */
  datevConsultantNumber: z.number().int().nullable(),
  datevClientNumber: z.number().int().nullable(),
  /** The month the fiscal year starts in (1 = January). */
  fiscalYearStartMonth: z.number().int(),
  /** Sachkontenlänge: G/L accounts have this many digits, personal accounts one more. */
  accountLength: z.number().int(),
  datevChart: z.enum(DATEV_CHARTS).nullable(),
  /** DATEV Festschreibung: bookings arrive locked in DATEV. */
  datevLockBookings: z.boolean(),
  bmdClientNumber: z.string().nullable(),
  /** BMD Buchungssymbol of supplier invoices (ER) and of payments (BK). */
  bmdInvoiceSymbol: z.string(),
  bmdPaymentSymbol: z.string(),
  rzlClientNumber: z.string().nullable(),
  version: z.number().int(),
});
export type ExportSettings = z.infer<typeof exportSettingsSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const exportSettingsInputSchema = z.object({
  defaultFormat: exportFormatSchema,
  defaultType: exportTypeSchema,
  datevConsultantNumber: z
    .number({ message: 'datev_consultant_number_invalid' })
    .int({ message: 'datev_consultant_number_invalid' })
    .min(1001, { message: 'datev_consultant_number_invalid' })
    .max(9_999_999, { message: 'datev_consultant_number_invalid' })
    .nullable(),
  datevClientNumber: z
    .number({ message: 'datev_client_number_invalid' })
    .int({ message: 'datev_client_number_invalid' })
    .min(1, { message: 'datev_client_number_invalid' })
    .max(99_999, { message: 'datev_client_number_invalid' })
    .nullable(),
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  accountLength: z.number().int().min(4, { message: 'account_length_invalid' }).max(8, { message: 'account_length_invalid' }),
  datevChart: z.enum(DATEV_CHARTS).nullable(),
  datevLockBookings: z.boolean(),
  bmdClientNumber: optionalText(20),
  bmdInvoiceSymbol: z.string().trim().min(1, { message: 'required' }).max(3, { message: 'too_long' }),
  bmdPaymentSymbol: z.string().trim().min(1, { message: 'required' }).max(3, { message: 'too_long' }),
  rzlClientNumber: optionalText(20),
  version: z.number().int().min(1),
});
export type ExportSettingsInput = z.input<typeof exportSettingsInputSchema>;

export const DEFAULT_EXPORT_SETTINGS: Omit<ExportSettings, 'version'> = {
  defaultFormat: 'datev',
  defaultType: 'complete',
  datevConsultantNumber: null,
  datevClientNumber: null,
  fiscalYearStartMonth: 1,
  accountLength: 4,
  datevChart: '03',
  datevLockBookings: false,
  bmdClientNumber: null,
  bmdInvoiceSymbol: 'ER',
  bmdPaymentSymbol: 'BK',
  rzlClientNumber: null,
};
