/**
 * The transactions API (issue 7 item 2): what GET /api/transactions and its actions send and
 * answer. Money in minor units, dates as YYYY-MM-DD, instants as ISO strings.
 */
import { z } from 'zod';
import { requiredIbanSchema } from '../counterparties/counterparty-record';
import { optionalBicSchema } from '../counterparty';
import { currencySchema, isoDateSchema, MAX_AMOUNT_MINOR, optionalText, REMITTANCE_MAX_LENGTH } from '../invoices/invoice-fields';
import { paymentRunStatusSchema } from './payment-run-status';
import { postalAddressSchema } from './postal-address';
import {
  ANALYSIS_FLAG_CODES,
  ANALYSIS_SEVERITIES,
  analysisMarkBodySchema,
  TRANSACTION_ANALYSIS_STATUSES,
} from './transaction-analysis';
import { TRANSACTION_EVENTS, TRANSACTION_STATUSES, transactionReasonBodySchema } from './transaction-status';

/** Where a transaction came from: the SPEC's "new import / imported" labels are origins, not statuses. */
export const TRANSACTION_ORIGINS = ['invoice', 'manual', 'import'] as const;
export type TransactionOrigin = (typeof TRANSACTION_ORIGINS)[number];

const versionSchema = z.number().int().min(1);

/**
 * SPEC §5 §9: shorter than 34 characters. Other characters than the SEPA set are transliterated
 * at export (sepa-characters.ts), so umlauts are accepted here.
 */
export const remittanceSchema = optionalText(REMITTANCE_MAX_LENGTH + 1000).refine(
  (value) => value === null || value.length <= REMITTANCE_MAX_LENGTH,
  { message: 'remittance_too_long' },
);

export const paymentPartySchema = z.object({
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  address: postalAddressSchema.nullable(),
});
export type PaymentPartyView = z.infer<typeof paymentPartySchema>;

export const analysisFlagSchema = z.object({
  code: z.enum(ANALYSIS_FLAG_CODES),
  severity: z.enum(ANALYSIS_SEVERITIES),
  reason: z.string(),
  /** Parameters of the reason, so the web can show it in the viewer's language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const transactionAnalysisViewSchema = z.object({
  status: z.enum(TRANSACTION_ANALYSIS_STATUSES),
  flags: z.array(analysisFlagSchema),
  note: z.string().nullable(),
  analysedAt: z.string().nullable(),
  decidedBy: z.uuid().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** GET /api/transactions/:id and every action's answer. */
export const transactionSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRANSACTION_STATUSES),
  origin: z.enum(TRANSACTION_ORIGINS),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  counterpartyId: z.uuid().nullable(),
  counterpartyName: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  requestedExecutionDate: z.string(),
  bookingDate: z.string().nullable(),
  endToEndId: z.string(),
  remittanceInformation: z.string().nullable(),
  method: z.literal('sepa_credit_transfer'),
  skontoApplied: z.boolean(),
  skontoDiscount: z.number().int(),
  debitorBankAccountId: z.uuid().nullable(),
  debitor: paymentPartySchema,
  creditor: paymentPartySchema,
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  archiveReason: z.string().nullable(),
  archivedAt: z.string().nullable(),
  paymentRun: z.object({ id: z.uuid(), number: z.number().int(), status: paymentRunStatusSchema }).nullable(),
  analysis: transactionAnalysisViewSchema,
  /** The events the transition table allows now (the web shows only these actions). */
  allowedEvents: z.array(z.enum(TRANSACTION_EVENTS)),
  exportedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Views of /{slug}/transactions, the archive tab (archived) and the export tab (exported). */
export const TRANSACTION_VIEWS = ['open', 'in_run', 'exported', 'archived', 'all'] as const;
export type TransactionView = (typeof TRANSACTION_VIEWS)[number];
export const TRANSACTION_SORTS = ['requestedExecutionDate', 'amount', 'creditorName', 'createdAt'] as const;

const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item).optional());

export const transactionListQuerySchema = z.object({
  view: z.enum(TRANSACTION_VIEWS).default('open'),
  status: csvList(z.enum(TRANSACTION_STATUSES)),
  analysis: csvList(z.enum(TRANSACTION_ANALYSIS_STATUSES)),
  /** Creditor name, IBAN, remittance, end-to-end id or the exact amount ("1.234,56" or "1234.56"). */
  search: z.string().trim().max(200).optional(),
  executionFrom: isoDateSchema.optional(),
  executionTo: isoDateSchema.optional(),
  amountMin: z.coerce.number().int().min(0).max(MAX_AMOUNT_MINOR).optional(),
  amountMax: z.coerce.number().int().min(0).max(MAX_AMOUNT_MINOR).optional(),
  counterpartyId: z.uuid().optional(),
  debitorBankAccountId: z.uuid().optional(),
  paymentRunId: z.uuid().optional(),
  sort: z.enum(TRANSACTION_SORTS).default('requestedExecutionDate'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionListItemSchema = transactionSchema
  .pick({
    id: true,
    status: true,
    origin: true,
    invoiceId: true,
    invoiceNumber: true,
    counterpartyId: true,
    amount: true,
    currency: true,
    requestedExecutionDate: true,
    remittanceInformation: true,
    endToEndId: true,
    paymentRun: true,
    archivedAt: true,
    version: true,
  })
  .extend({
    creditorName: z.string(),
    creditorIban: z.string(),
    debitorName: z.string(),
    analysisStatus: z.enum(TRANSACTION_ANALYSIS_STATUSES),
    /** Flags a person should look at (warning and above); notes are not counted. */
    flagCount: z.number().int(),
  });
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

export const transactionListResponseSchema = z.object({
  items: z.array(transactionListItemSchema),
  nextCursor: z.string().nullable(),
  /** Count and sum over every row that matches the filters (not only this page). */
  totals: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** POST /api/transactions: a payment created by hand (SEPA credit transfer). */
export const createTransactionBodySchema = z.object({
  counterpartyId: z.uuid().nullable().optional(),
  creditorName: z.string().trim().min(1, { message: 'required' }).max(70, { message: 'too_long' }),
  creditorIban: requiredIbanSchema,
  creditorBic: optionalBicSchema,
  amount: z.number().int().min(1, { message: 'amount_positive' }).max(MAX_AMOUNT_MINOR),
  currency: currencySchema.default('EUR'),
  requestedExecutionDate: isoDateSchema,
  remittanceInformation: remittanceSchema,
  debitorBankAccountId: z.uuid({ message: 'debitor_required' }),
  notes: optionalText(2000).optional(),
});
export type CreateTransactionBody = z.infer<typeof createTransactionBodySchema>;
export type CreateTransactionInput = z.input<typeof createTransactionBodySchema>;

/** PATCH /api/transactions/:id: what may change while the transaction is open (not in a run). */
export const updateTransactionBodySchema = z.object({
  version: versionSchema,
  amount: z.number().int().min(1, { message: 'amount_positive' }).max(MAX_AMOUNT_MINOR).optional(),
  requestedExecutionDate: isoDateSchema.optional(),
  remittanceInformation: remittanceSchema.optional(),
  debitorBankAccountId: z.uuid().optional(),
});
export type UpdateTransactionBody = z.infer<typeof updateTransactionBodySchema>;

/** PUT /api/transactions/:id/notes: notes may change in every status. */
export const transactionNotesBodySchema = z.object({ version: versionSchema, notes: optionalText(2000) });

/** POST /api/transactions/:id/{cancel,archive}: a reason is required (SPEC §5). */
export const transactionReasonActionBodySchema = transactionReasonBodySchema.extend({ version: versionSchema });

/** POST /api/transactions/:id/{reactivate,postpone}. Postpone may move the execution date. */
export const transactionVersionBodySchema = z.object({ version: versionSchema });
export const postponeTransactionBodySchema = z.object({
  version: versionSchema,
  requestedExecutionDate: isoDateSchema.optional(),
});

/** POST /api/transactions/:id/analysis: "mark OK" / "not OK" with a note. */
export const transactionAnalysisDecisionBodySchema = analysisMarkBodySchema.extend({ version: versionSchema });
