import type { z } from 'zod';
import { BankProviderError, type BankDataProvider } from '../provider';
import {
  sandboxAccountWire,
  sandboxBalanceWire,
  sandboxConsentWire,
  sandboxInstitutionsWire,
  sandboxStartedConsentWire,
  sandboxTransactionsWire,
  SANDBOX_API_PREFIX,
} from './sandbox-wire';

export interface SandboxProviderOptions {
  /** The sandbox bank as this server reaches it, e.g. http://localhost:3000/sandbox-bank. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Reads an HTTP answer the way a bank API's client must: the status says whether to try again. */
function failureOf(status: number, path: string): BankProviderError {
  if (status === 429) return new BankProviderError(`sandbox bank rate limit on ${path}`, 'rate_limited', true);
  if (status >= 500) return new BankProviderError(`sandbox bank answered ${status} on ${path}`, 'unavailable', true);
  if (status === 404) return new BankProviderError(`sandbox bank does not know ${path}`, 'not_found', false);
  return new BankProviderError(`sandbox bank refused ${path} (${status})`, 'refused', false);
}

/**
 * The sandbox bank as a BankDataProvider, over real HTTP to the routes this server serves under
 * /sandbox-bank: the same path (time-outs, status codes, JSON) as a remote provider takes.
 */
export function createSandboxProvider(options: SandboxProviderOptions): BankDataProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<S extends z.ZodType>(method: string, path: string, schema: S | null, body?: unknown): Promise<z.infer<S>> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl}${SANDBOX_API_PREFIX}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BankProviderError(`sandbox bank unreachable: ${(error as Error).message}`, 'unavailable', true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw failureOf(response.status, path);
    }
    if (schema === null) {
      await response.body?.cancel();
      return undefined as z.infer<S>;
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new BankProviderError(`sandbox bank answered ${path} in an unknown shape`, 'unavailable', false);
    return parsed.data;
  }

  return {
    kind: 'sandbox',
    async institutions(country) {
      const answer = await call('GET', `/institutions?country=${encodeURIComponent(country)}`, sandboxInstitutionsWire);
      return answer.institutions;
    },
    async startConsent(input) {
      const answer = await call('POST', '/consents', sandboxStartedConsentWire, input);
      return { consentId: answer.id, redirectUrl: answer.link };
    },
    async consent(consentId) {
      const answer = await call('GET', `/consents/${encodeURIComponent(consentId)}`, sandboxConsentWire);
      return {
        status: answer.status,
        accountIds: answer.accounts,
        validUntil: answer.validUntil === null ? null : new Date(answer.validUntil),
      };
    },
    async account(accountId) {
      const path = `/accounts/${encodeURIComponent(accountId)}`;
      const [details, balance] = await Promise.all([
        call('GET', path, sandboxAccountWire),
        call('GET', `${path}/balances`, sandboxBalanceWire),
      ]);
      return { ...details, balance: balance.amount, balanceDate: balance.date };
    },
    async transactions(accountId, since) {
      const path = `/accounts/${encodeURIComponent(accountId)}/transactions?dateFrom=${encodeURIComponent(since)}`;
      return (await call('GET', path, sandboxTransactionsWire)).transactions;
    },
    async deleteConsent(consentId) {
      try {
        await call('DELETE', `/consents/${encodeURIComponent(consentId)}`, null);
      } catch (error) {
        if (error instanceof BankProviderError && error.code === 'not_found') return;
        throw error;
      }
    },
  };
}
