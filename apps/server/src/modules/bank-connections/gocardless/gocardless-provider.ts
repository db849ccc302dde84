import { z } from 'zod';
import type { BankDataProvider, ConsentState } from '../provider';
import { createGoCardlessHttp, errorForResponse, parseAnswer, type GoCardlessResponse } from './gocardless-http';
import {
  agreementAnswer,
  balancesAnswer,
  consentValidUntil,
  detailsAnswer,
  institutionAnswer,
  metadataAnswer,
  requisitionAnswer,
  toAccount,
  toConsentStatus,
  toInstitution,
  toTransactions,
  transactionsAnswer,
} from './gocardless-mapping';
import { createTokenSource } from './gocardless-token';

export interface GoCardlessProviderOptions {
  /** `https://bankaccountdata.gocardless.com/api/v2/` in production. */
  baseUrl: string;
  secretId: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Per request, including reading the answer. */
  timeoutMs?: number;
  /** The clock that token lifetimes are measured with (tests move it). */
  now?: () => number;
}

/** Without agreement GoCardless grants 90 days; Kontor always sends one, this covers old requisitions. */
const DEFAULT_ACCESS_DAYS = 90;
const ACCESS_SCOPE = ['balances', 'details', 'transactions'];
const createdRequisitionAnswer = requisitionAnswer.extend({ link: z.string().min(1) });

/**
 * GoCardless Bank Account Data (formerly Nordigen), API v2: a consent is an end-user agreement
 * (how long, how much history) plus a requisition (the link the person follows to their bank).
 */
export function createGoCardlessProvider(options: GoCardlessProviderOptions): BankDataProvider {
  const http = createGoCardlessHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 20_000,
  });
  const tokens = createTokenSource({
    http,
    secretId: options.secretId,
    secretKey: options.secretKey,
    now: options.now ?? Date.now,
  });

  /** A call with the shared token; a token the API no longer takes (401) is replaced once. */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<GoCardlessResponse> {
    const token = await tokens.accessToken();
    const response = await http.send(method, path, { body, token });
    if (response.status !== 401) return response;
    tokens.forget(token);
    return http.send(method, path, { body, token: await tokens.accessToken() });
  }

  async function request<T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await call(method, path, body);
    const what = `${method} ${path.split('?')[0]}`;
    if (!isSuccess(response)) throw errorForResponse(response, `GoCardless ${what}`);
    return parseAnswer(schema, response.body, what);
  }

  const id = encodeURIComponent;

  return {
    kind: 'gocardless',

    async institutions(country) {
      const list = await request(z.array(institutionAnswer), 'GET', `institutions/?country=${id(country.toUpperCase())}`);
      return list.map(toInstitution);
    },

    async startConsent({ institutionId, redirectUrl, reference, validForDays }) {
      // The agreement may ask no more than the bank gives, or GoCardless refuses it.
      const institution = toInstitution(await request(institutionAnswer, 'GET', `institutions/${id(institutionId)}/`));
      const agreement = await request(agreementAnswer, 'POST', 'agreements/enduser/', {
        institution_id: institutionId,
        max_historical_days: institution.transactionTotalDays,
        access_valid_for_days: Math.max(1, Math.min(validForDays, institution.maxAccessValidForDays)),
        access_scope: ACCESS_SCOPE,
      });
      try {
        const requisition = await request(createdRequisitionAnswer, 'POST', 'requisitions/', {
          redirect: redirectUrl,
          institution_id: institutionId,
          reference,
          agreement: agreement.id,
        });
        return { consentId: requisition.id, redirectUrl: requisition.link };
      } catch (error) {
        // An agreement nobody can accept only clutters the account; removing it is a courtesy.
        await call('DELETE', `agreements/enduser/${id(agreement.id)}/`).catch(() => undefined);
        throw error;
      }
    },

    async consent(consentId): Promise<ConsentState> {
      const requisition = await request(requisitionAnswer, 'GET', `requisitions/${id(consentId)}/`);
      const status = toConsentStatus(requisition.status);
      if (status !== 'granted') return { status, accountIds: [], validUntil: null };
      let validUntil = consentValidUntil(requisition.created, DEFAULT_ACCESS_DAYS);
      if (requisition.agreement) {
        const agreement = await request(agreementAnswer, 'GET', `agreements/enduser/${id(requisition.agreement)}/`);
        validUntil = consentValidUntil(
          agreement.accepted || agreement.created || requisition.created,
          agreement.access_valid_for_days,
        );
      }
      return { status, accountIds: requisition.accounts ?? [], validUntil };
    },

    async account(accountId) {
      const [details, balances] = await Promise.all([
        request(detailsAnswer, 'GET', `accounts/${id(accountId)}/details/`),
        request(balancesAnswer, 'GET', `accounts/${id(accountId)}/balances/`),
      ]);
      const metadata = details.account.iban ? null : await request(metadataAnswer, 'GET', `accounts/${id(accountId)}/`);
      return toAccount(accountId, details.account, balances.balances, metadata);
    },

    async transactions(accountId, since) {
      const answer = await request(transactionsAnswer, 'GET', `accounts/${id(accountId)}/transactions/?date_from=${id(since)}`);
      return toTransactions(accountId, answer.transactions.booked ?? [], since);
    },

    async deleteConsent(consentId) {
      const response = await call('DELETE', `requisitions/${id(consentId)}/`);
      if (isSuccess(response) || response.status === 404) return;
      throw errorForResponse(response, 'GoCardless DELETE requisitions/');
    },
  };
}

function isSuccess(response: GoCardlessResponse): boolean {
  return response.status >= 200 && response.status < 300;
}
