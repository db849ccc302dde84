/**
 * Bank connections (SPEC §2 settings/bank-accounts, §3 company bank account, §4 access expiry,
 * §9 renew every 6 months): the API between the web's connect flow and the server. A connection
 * is one consent at one bank; each connected account is a company bank account.
 */
import { z } from 'zod';

export const BANK_CONNECTION_STATUSES = [
  /** Sent to the bank, no answer yet. */
  'pending_consent',
  /** The person refused at the bank, or the consent failed. */
  'consent_denied',
  /** Consent given: the accounts to connect are still to be chosen. */
  'awaiting_accounts',
  'active',
  /** The consent lapsed: renew. */
  'expired',
  'disconnected',
] as const;
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number];

export const ACCOUNT_SYNC_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type AccountSyncStatus = (typeof ACCOUNT_SYNC_STATUSES)[number];

/** Days before the consent lapses at which Kontor warns (SPEC §4, issue 60). */
export const ACCESS_WARNING_DAYS = [30, 14, 3] as const;
export type AccessExpiry = 'ok' | 'expiring_30' | 'expiring_14' | 'expiring_3' | 'expired';

const DAY_MS = 86_400_000;

/**
 * How close a connection's access is to its end: `expiring_N` within N days (the nearest of 30,
 * 14, 3), `expired` once past, `ok` otherwise or without a date.
 */
export function accessExpiry(validUntil: Date | string | null, now: Date = new Date()): AccessExpiry {
  if (validUntil === null) return 'ok';
  const left = (new Date(validUntil).getTime() - now.getTime()) / DAY_MS;
  if (left <= 0) return 'expired';
  for (const days of [...ACCESS_WARNING_DAYS].sort((a, b) => a - b)) {
    if (left <= days) return `expiring_${days}` as AccessExpiry;
  }
  return 'ok';
}

export const bankInstitutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  bic: z.string().nullable(),
  logoUrl: z.string().nullable(),
  transactionTotalDays: z.number().int(),
});
export type BankInstitutionView = z.infer<typeof bankInstitutionSchema>;

export const institutionsQuerySchema = z.object({ country: z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' }) });
export const institutionsResponseSchema = z.object({ items: z.array(bankInstitutionSchema) });

/** POST /api/bank-connections: start the consent at a bank; the browser goes to `redirectUrl`. */
export const startBankConnectionBodySchema = z.object({
  institutionId: z.string().min(1).max(200),
  country: z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' }),
});
export const startedBankConnectionSchema = z.object({ id: z.uuid(), redirectUrl: z.string() });

/** An account the consent covers, offered for connecting (after consent) or connected. */
export const bankConnectionAccountSchema = z.object({
  /** The provider's id of the account. */
  providerAccountId: z.string(),
  iban: z.string(),
  name: z.string(),
  currency: z.string(),
  balance: z.number().int().nullable(),
  /** The company bank account it is (or would be) connected as; null while only offered. */
  companyBankAccountId: z.uuid().nullable(),
  /** Connected to another connection of this organisation already: cannot be chosen again. */
  isConnectedElsewhere: z.boolean(),
  syncStatus: z.enum(ACCOUNT_SYNC_STATUSES).nullable(),
  lastSyncAt: z.string().nullable(),
  syncError: z.string().nullable(),
});
export type BankConnectionAccount = z.infer<typeof bankConnectionAccountSchema>;

export const bankConnectionSchema = z.object({
  id: z.uuid(),
  institutionId: z.string(),
  institutionName: z.string(),
  country: z.string(),
  status: z.enum(BANK_CONNECTION_STATUSES),
  accessValidUntil: z.string().nullable(),
  accessExpiry: z.enum(['ok', 'expiring_30', 'expiring_14', 'expiring_3', 'expired']),
  accounts: z.array(bankConnectionAccountSchema),
  createdAt: z.string(),
  version: z.number().int(),
});
export type BankConnection = z.infer<typeof bankConnectionSchema>;
export const bankConnectionListSchema = z.object({ items: z.array(bankConnectionSchema) });

/** POST /api/bank-connections/:id/accounts: the accounts to connect (at least one). */
export const chooseBankAccountsBodySchema = z.object({
  providerAccountIds: z.array(z.string().min(1)).min(1, { message: 'choose_an_account' }).max(50),
  version: z.number().int().min(1),
});

/** POST /api/bank-connections/:id/renew: a new consent for the same bank, keeping accounts and history. */
export const renewedBankConnectionSchema = startedBankConnectionSchema;

/** Whether a connected account still waits for or runs its sync (the web polls meanwhile). */
export function isSyncInProgress(connection: Pick<BankConnection, 'accounts'>): boolean {
  return connection.accounts.some((account) => account.syncStatus === 'pending' || account.syncStatus === 'running');
}

/** The connected accounts' sync as done of total (failed ones count as done: they say why). */
export function syncProgress(connection: Pick<BankConnection, 'accounts'>): { done: number; total: number } {
  const connected = connection.accounts.filter((account) => account.companyBankAccountId !== null);
  const done = connected.filter((account) => account.syncStatus === 'done' || account.syncStatus === 'failed').length;
  return { done, total: connected.length };
}
