import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The sandbox bank's HTTP API (served under /sandbox-bank/api, spoken by sandbox-provider.ts):
 * one set of schemas for both ends, shaped like a PSD2 aggregator's (institutions, consents with
 * a link for the person, accounts, balances, transactions).
 */
export const SANDBOX_API_PREFIX = '/api';

export const sandboxInstitutionWire = z.object({
  id: z.string(),
  name: z.string(),
  bic: z.string().nullable(),
  logoUrl: z.string().nullable(),
  countries: z.array(z.string()),
  transactionTotalDays: z.number().int(),
  maxAccessValidForDays: z.number().int(),
});
export const sandboxInstitutionsWire = z.object({ institutions: z.array(sandboxInstitutionWire) });

export const sandboxStartConsentWire = z.object({
  institutionId: z.string().min(1).max(200),
  redirectUrl: z.url({ protocol: /^https?$/ }).max(2000),
  reference: z.string().min(1).max(500),
  validForDays: z.number().int().min(1).max(180),
});
export const sandboxStartedConsentWire = z.object({ id: z.uuid(), link: z.string() });

export const sandboxConsentWire = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'granted', 'denied', 'expired']),
  accounts: z.array(z.string()),
  validUntil: z.string().nullable(),
});

export const sandboxAccountWire = z.object({
  id: z.string(),
  iban: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  currency: z.string(),
});
export const sandboxBalanceWire = z.object({ amount: z.number().int(), currency: z.string(), date: z.string() });

export const sandboxTransactionWire = z.object({
  id: z.string(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittanceInformation: z.string().nullable(),
  endToEndId: z.string().nullable(),
});
export const sandboxTransactionsWire = z.object({ transactions: z.array(sandboxTransactionWire) });

export const sandboxErrorWire = z.object({ error: z.string() });

/**
 * The key Kontor presents to the sandbox bank, as to any bank API: derived from the session secret,
 * which every api process shares, so the bank's JSON (account holders, statements paying real
 * invoices) is not public even though its consent page is.
 */
export function sandboxApiKey(secret: string): string {
  return createHmac('sha256', secret).update('kontor-sandbox-bank-api').digest('base64url');
}

export function isSandboxApiKey(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(sandboxApiKey(secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
