/**
 * Bank transactions (issue 61, SPEC §1 §2 §3 §4): what the company's bank accounts booked, from a
 * bank connection's sync or an uploaded camt.053 statement, and the statements with their
 * balances. Amounts are minor units, always positive: `direction` says which way the money went.
 */
import { z } from 'zod';
import { isoDateSchema } from '../invoices/invoice-fields';

export const BANK_TRANSACTION_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type BankTransactionDirection = (typeof BANK_TRANSACTION_DIRECTIONS)[number];

/** SPEC §4 "Matching: not matched, partially matched, fully matched" (the matching itself is issue 62). */
export const BANK_MATCHING_STATUSES = ['not_matched', 'partially_matched', 'fully_matched'] as const;
export type BankMatchingStatus = (typeof BANK_MATCHING_STATUSES)[number];

/** The matching status of a side that has `matched` of `total` settled. */
export function matchingStatusOf(matched: number, total: number): BankMatchingStatus {
  if (matched <= 0) return 'not_matched';
  return matched >= total ? 'fully_matched' : 'partially_matched';
}

/** Where a bank transaction came from: a connection's sync, or a camt.053 upload. */
export const BANK_TRANSACTION_SOURCES = ['sync', 'camt053'] as const;
export type BankTransactionSource = (typeof BANK_TRANSACTION_SOURCES)[number];

export const BANK_TRANSACTION_PAGE_SIZE = 50;

const minorUnits = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The filters of the list and its totals (GET /api/bank-transactions and …/totals). */
export const bankTransactionFilterSchema = z.object({
  accountId: z.uuid().optional(),
  direction: z.enum(BANK_TRANSACTION_DIRECTIONS).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** Amount range in minor units, inclusive. */
  minAmount: minorUnits.optional(),
  maxAmount: minorUnits.optional(),
  matchingStatus: z.enum(BANK_MATCHING_STATUSES).optional(),
  /** Counterparty name or IBAN, remittance text, end-to-end id. */
  search: z.string().trim().max(200).optional(),
  statementId: z.uuid().optional(),
});
export type BankTransactionFilter = z.infer<typeof bankTransactionFilterSchema>;

export const bankTransactionListQuerySchema = bankTransactionFilterSchema.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(BANK_TRANSACTION_PAGE_SIZE),
});
export type BankTransactionListQuery = z.infer<typeof bankTransactionListQuerySchema>;

export const bankTransactionSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  accountIban: z.string(),
  direction: z.enum(BANK_TRANSACTION_DIRECTIONS),
  amount: z.number().int(),
  currency: z.string(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittanceInformation: z.string().nullable(),
  endToEndId: z.string().nullable(),
  source: z.enum(BANK_TRANSACTION_SOURCES),
  /** Part of a batch booking: one entry on the statement, booked as several transactions. */
  isBatch: z.boolean(),
  matchingStatus: z.enum(BANK_MATCHING_STATUSES),
  matchedAmount: z.number().int(),
  /** The exported payment this outgoing line booked (issue 61 item 6). */
  bookedPaymentId: z.uuid().nullable(),
});
export type BankTransactionView = z.infer<typeof bankTransactionSchema>;

export const bankTransactionListSchema = z.object({
  items: z.array(bankTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type BankTransactionList = z.infer<typeof bankTransactionListSchema>;

/** Totals of the filtered set, per currency (a list may mix EUR and USD accounts). */
export const bankTransactionTotalsSchema = z.object({
  count: z.number().int(),
  byCurrency: z.array(
    z.object({
      currency: z.string(),
      incoming: z.number().int(),
      incomingCount: z.number().int(),
      outgoing: z.number().int(),
      outgoingCount: z.number().int(),
    }),
  ),
});
export type BankTransactionTotals = z.infer<typeof bankTransactionTotalsSchema>;

/** A signed balance in minor units (negative = overdrawn), with its date. */
export const statementBalanceSchema = z.object({ amount: z.number().int(), date: z.string().nullable() });

export const bankStatementSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  accountIban: z.string(),
  /** The bank's statement id (Stmt/Id). */
  statementId: z.string().nullable(),
  /** Electronic, else legal sequence number ("Auszug 12"). */
  sequenceNumber: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  currency: z.string(),
  openingBalance: statementBalanceSchema.nullable(),
  closingBalance: statementBalanceSchema.nullable(),
  creditTotal: z.number().int(),
  debitTotal: z.number().int(),
  entryCount: z.number().int(),
  /**
   * opening + credits − debits − closing, in minor units: 0 when the entries add up from one
   * balance to the other, null when a balance is missing (nothing to check against).
   */
  difference: z.number().int().nullable(),
  fileName: z.string().nullable(),
  importedAt: z.string(),
});
export type BankStatementView = z.infer<typeof bankStatementSchema>;

export const bankStatementListQuerySchema = z.object({
  accountId: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const bankStatementListSchema = z.object({ items: z.array(bankStatementSchema), nextCursor: z.string().nullable() });
export type BankStatementList = z.infer<typeof bankStatementListSchema>;

export const bankTransactionDetailSchema = bankTransactionSchema.extend({
  counterpartyBic: z.string().nullable(),
  creditorReference: z.string().nullable(),
  bankReference: z.string().nullable(),
  /** ISO bank transaction code, e.g. PMNT-RCDT-ESCT, or the bank's own. */
  bankTransactionCode: z.string().nullable(),
  /** For a batch booking: the entry's total and how many transactions it holds. */
  batch: z.object({ entryAmount: z.number().int(), transactionCount: z.number().int() }).nullable(),
  statement: bankStatementSchema.nullable(),
  bookedPayment: z
    .object({ id: z.uuid(), endToEndId: z.string(), creditorName: z.string(), amount: z.number().int(), currency: z.string() })
    .nullable(),
  /** Filled by matching (issue 62). */
  matchedInvoices: z.array(z.object({ invoiceId: z.uuid(), invoiceNumber: z.string().nullable(), amount: z.number().int() })),
  createdAt: z.string(),
});
export type BankTransactionDetail = z.infer<typeof bankTransactionDetailSchema>;

/** A company bank account as the bank-transactions screen shows it: where its data comes from and how fresh. */
export const bankTransactionAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  iban: z.string(),
  /** Synced by a bank connection (else statements are uploaded). */
  connected: z.boolean(),
  syncStatus: z.enum(['pending', 'running', 'done', 'failed']).nullable(),
  syncError: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** Transactions the last sync added. */
  lastSyncAdded: z.number().int().nullable(),
  /** The bank's balance as the last sync read it. */
  balance: z.number().int().nullable(),
  balanceDate: z.string().nullable(),
  transactionCount: z.number().int(),
  latestStatement: z
    .object({
      id: z.uuid(),
      periodTo: z.string().nullable(),
      closingBalance: statementBalanceSchema.nullable(),
      currency: z.string(),
    })
    .nullable(),
});
export type BankTransactionAccount = z.infer<typeof bankTransactionAccountSchema>;
export const bankTransactionAccountListSchema = z.object({ items: z.array(bankTransactionAccountSchema) });

/** Why a match was proposed or made: the engine's reason codes with their parameters (matching/types.ts). */
export const matchReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** What a bank line pays or may pay: an invoice, or a payment-run payment (and its invoice). */
export const matchTargetSchema = z.object({
  kind: z.enum(['invoice', 'payment']),
  id: z.uuid(),
  invoiceId: z.uuid().nullable(),
  /** The invoice number, or the payment's end-to-end id. */
  reference: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  /** What of it is still open, minor units. */
  openAmount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  dueDate: z.string().nullable(),
});
export type MatchTargetView = z.infer<typeof matchTargetSchema>;

/** A bank line as a proposal shows it (the invoice's side: which payment it would be). */
export const matchLineSchema = z.object({
  id: z.uuid(),
  bookingDate: z.string(),
  /** What of the line is still open, minor units. */
  openAmount: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittanceInformation: z.string().nullable(),
});
export type MatchLineView = z.infer<typeof matchLineSchema>;

export const bankMatchProposalSchema = z.object({
  exact: z.boolean(),
  score: z.number(),
  reasons: z.array(matchReasonSchema),
  allocations: z.array(
    z.object({ lineId: z.uuid(), target: matchTargetSchema, amount: z.number().int(), writeOff: z.number().int() }),
  ),
  /** The bank lines of the allocations. */
  lines: z.array(matchLineSchema),
});
export type BankMatchProposal = z.infer<typeof bankMatchProposalSchema>;
export const bankMatchProposalListSchema = z.object({ items: z.array(bankMatchProposalSchema) });

/** A match made: of the line, `amount` went to the target; `writeOff` settled the rest of it (skonto). */
export const bankMatchSchema = z.object({
  id: z.uuid(),
  bankTransactionId: z.uuid(),
  target: matchTargetSchema,
  amount: z.number().int(),
  writeOff: z.number().int(),
  origin: z.enum(['automatic', 'manual']),
  reasons: z.array(matchReasonSchema),
  createdAt: z.string(),
  /** The line, for the invoice's side. */
  line: z.object({
    bookingDate: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    counterpartyName: z.string().nullable(),
    remittanceInformation: z.string().nullable(),
  }),
});
export type BankMatchView = z.infer<typeof bankMatchSchema>;
export const bankMatchListSchema = z.object({ items: z.array(bankMatchSchema) });

/** POST /api/bank-transactions/:id/matches: match (part of) the line with an invoice or payment. */
export const createBankMatchBodySchema = z.object({
  target: z.object({ kind: z.enum(['invoice', 'payment']), id: z.uuid() }),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  writeOff: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** The proposal's reasons when a person accepts one; empty for a match by hand. */
  reasons: z.array(matchReasonSchema).max(20).default([]),
});
export type CreateBankMatchBody = z.infer<typeof createBankMatchBodySchema>;
