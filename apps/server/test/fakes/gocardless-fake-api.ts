import { randomUUID } from 'node:crypto';
import { FAKE_ACCOUNTS, FAKE_INSTITUTIONS, type FakeAccountTemplate } from './gocardless-fake-data';

/**
 * The state and answers of the fake GoCardless Bank Account Data API (see gocardless-fake.ts for
 * the HTTP server and its fault switches): tokens with expiry, agreements, requisitions and the
 * accounts a consent links. Its checks follow the real API's, so an adapter that sends what
 * GoCardless would refuse fails here too.
 */
export interface FakeRequisition {
  id: string;
  created: string;
  redirect: string;
  status: string;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  link: string;
}

export interface FakeAgreement {
  id: string;
  created: string;
  institution_id: string;
  max_historical_days: number;
  access_valid_for_days: number;
  access_scope: string[];
  accepted: string | null;
}

const ACCESS_SECONDS = 86_400;
const REFRESH_SECONDS = 30 * 86_400;
const DAY_MS = 86_400_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Record<string, string> = {},
  ) {
    super(`fake GoCardless ${status}`);
  }
}
export const notFound = () => new HttpError(404, { summary: 'Not found.', detail: 'Not found.', status_code: 404 });
const invalid = (field: string, detail: string) =>
  new HttpError(400, { [field]: { summary: `Invalid ${field}`, detail }, status_code: 400 });
const invalidToken = () =>
  new HttpError(401, { summary: 'Invalid token', detail: 'Token is invalid or expired', status_code: 401 });

/** `origin`: where the server listens, for requisition links. */
export function createFakeGoCardlessApi(options: { now: () => number; origin: () => string }) {
  const { now } = options;
  const secretId = 'fake-secret-id';
  const secretKey = 'fake-secret-key';
  const accessTokens = new Map<string, number>(); // token → expires at (ms)
  const refreshTokens = new Map<string, number>();
  const agreements = new Map<string, FakeAgreement>();
  const requisitions = new Map<string, FakeRequisition>();
  const accounts = new Map<string, { template: FakeAccountTemplate; requisitionId: string; institutionId: string }>();
  const templates = structuredClone(FAKE_ACCOUNTS);
  const institutions = structuredClone(FAKE_INSTITUTIONS);

  const issue = (store: Map<string, number>, seconds: number) => {
    const token = randomUUID();
    store.set(token, now() + seconds * 1000);
    return token;
  };
  const isLive = (store: Map<string, number>, token: string | undefined) =>
    token !== undefined && (store.get(token) ?? 0) > now();

  /** A linked requisition whose agreement ran out is expired, as the real API reports it. */
  const statusOf = (requisition: FakeRequisition): string => {
    const agreement = agreements.get(requisition.agreement);
    if (requisition.status === 'LN' && agreement?.accepted) {
      const ends = Date.parse(agreement.accepted) + agreement.access_valid_for_days * DAY_MS;
      if (ends <= now()) requisition.status = 'EX';
    }
    return requisition.status;
  };
  const institution = (id: unknown) => institutions.find((item) => item.id === id);

  function handleToken(path: string, body: Record<string, unknown>): object {
    if (path === 'token/new/') {
      if (body.secret_id !== secretId || body.secret_key !== secretKey) {
        throw new HttpError(401, {
          summary: 'Authentication failed',
          detail: 'No active account found with the given credentials',
          status_code: 401,
        });
      }
      return {
        access: issue(accessTokens, ACCESS_SECONDS),
        access_expires: ACCESS_SECONDS,
        refresh: issue(refreshTokens, REFRESH_SECONDS),
        refresh_expires: REFRESH_SECONDS,
      };
    }
    if (!isLive(refreshTokens, body.refresh as string | undefined)) {
      throw invalidToken();
    }
    return { access: issue(accessTokens, ACCESS_SECONDS), access_expires: ACCESS_SECONDS };
  }

  function createAgreement(body: Record<string, unknown>): FakeAgreement {
    const bank = institution(body.institution_id);
    if (!bank) throw invalid('institution_id', `Unknown Institution ID ${String(body.institution_id)}`);
    const history = Number(body.max_historical_days ?? 90);
    const days = Number(body.access_valid_for_days ?? 90);
    if (!(history >= 1 && history <= Number(bank.transaction_total_days))) {
      throw invalid('max_historical_days', `max_historical_days must be > 0 and <= ${bank.transaction_total_days}`);
    }
    if (!(days >= 1 && days <= Number(bank.max_access_valid_for_days))) {
      throw invalid('access_valid_for_days', `access_valid_for_days must be > 0 and <= ${bank.max_access_valid_for_days}`);
    }
    const agreement: FakeAgreement = {
      id: randomUUID(),
      created: new Date(now()).toISOString(),
      institution_id: bank.id,
      max_historical_days: history,
      access_valid_for_days: days,
      access_scope: Array.isArray(body.access_scope) ? (body.access_scope as string[]) : ['balances', 'details', 'transactions'],
      accepted: null,
    };
    agreements.set(agreement.id, agreement);
    return agreement;
  }

  function createRequisition(body: Record<string, unknown>): FakeRequisition {
    if (typeof body.redirect !== 'string' || !URL.canParse(body.redirect)) throw invalid('redirect', 'Enter a valid URL.');
    const bank = institution(body.institution_id);
    if (!bank) throw invalid('institution_id', `Unknown Institution ID ${String(body.institution_id)}`);
    const reference = typeof body.reference === 'string' ? body.reference : randomUUID();
    if ([...requisitions.values()].some((item) => item.reference === reference)) {
      throw invalid('reference', 'Client reference must be unique');
    }
    let agreement = typeof body.agreement === 'string' ? agreements.get(body.agreement) : undefined;
    if (body.agreement !== undefined && !agreement) throw invalid('agreement', 'Unknown agreement');
    if (agreement && agreement.institution_id !== bank.id) {
      throw invalid('agreement', 'Provided institution_id is different from the one in the agreement');
    }
    agreement ??= createAgreement({ institution_id: bank.id });
    const id = randomUUID();
    const requisition: FakeRequisition = {
      id,
      created: new Date(now()).toISOString(),
      redirect: body.redirect,
      status: 'CR',
      institution_id: bank.id,
      agreement: agreement.id,
      reference,
      accounts: [],
      user_language: typeof body.user_language === 'string' ? body.user_language : 'EN',
      link: `${options.origin()}/psd2/start/${id}/${bank.id}`,
    };
    requisitions.set(id, requisition);
    return requisition;
  }

  function accountAnswer(id: string, part: string, query: URLSearchParams): object {
    const account = accounts.get(id);
    if (!account) throw notFound();
    const requisition = requisitions.get(account.requisitionId);
    if (!requisition || statusOf(requisition) !== 'LN') {
      throw new HttpError(401, {
        summary: 'End User Agreement (EUA) has expired',
        detail: `EUA was valid for the given number of days and has expired`,
        status_code: 401,
      });
    }
    const { template } = account;
    if (part === '') {
      const created = requisition.created;
      return {
        id,
        created,
        last_accessed: created,
        iban: template.iban,
        institution_id: account.institutionId,
        status: 'READY',
        owner_name: template.ownerName,
      };
    }
    if (part === 'details/') return { account: template.details };
    if (part === 'balances/') return { balances: template.balances };
    if (part === 'transactions/') {
      const from = query.get('date_from') ?? '0000-00-00';
      const to = query.get('date_to') ?? '9999-99-99';
      const inRange = (item: { bookingDate?: string }) =>
        !item.bookingDate || (item.bookingDate >= from && item.bookingDate <= to);
      return {
        transactions: { booked: template.booked.filter(inRange), pending: template.pending },
        last_updated: new Date(now()).toISOString(),
      };
    }
    throw notFound();
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): object {
    let match: RegExpExecArray | null;
    if (method === 'POST' && (path === 'token/new/' || path === 'token/refresh/')) return handleToken(path, body);
    if (method === 'GET' && path === 'institutions/') {
      const country = query.get('country')?.toUpperCase();
      return institutions.filter((item) => !country || item.countries.includes(country));
    }
    if (method === 'GET' && (match = /^institutions\/([^/]+)\/$/.exec(path)))
      return institution(match[1]) ?? throwError(notFound());
    if (method === 'POST' && path === 'agreements/enduser/') return createAgreement(body);
    if ((match = /^agreements\/enduser\/([^/]+)\/$/.exec(path))) {
      const agreement = agreements.get(match[1]!) ?? throwError(notFound());
      if (method === 'DELETE') {
        agreements.delete(agreement.id);
        return { summary: 'End User Agreement deleted', detail: `End User Agreement ${agreement.id} deleted` };
      }
      return agreement;
    }
    if (method === 'POST' && path === 'requisitions/') return createRequisition(body);
    if ((match = /^requisitions\/([^/]+)\/$/.exec(path))) {
      const requisition = requisitions.get(match[1]!) ?? throwError(notFound());
      if (method === 'DELETE') {
        requisitions.delete(requisition.id);
        agreements.delete(requisition.agreement);
        for (const accountId of requisition.accounts) accounts.delete(accountId);
        return {
          summary: 'Requisition deleted',
          detail: `Requisition ${requisition.id} deleted with all its End User Agreements`,
        };
      }
      return { ...requisition, status: statusOf(requisition) };
    }
    if (method === 'GET' && (match = /^accounts\/([^/]+)\/((?:details|balances|transactions)\/)?$/.exec(path))) {
      return accountAnswer(match[1]!, match[2] ?? '', query);
    }
    throw notFound();
  }

  /** The consent screen: giving consent links the institution's accounts and sends the person back. */
  function consentPage(requisitionId: string, choice: string | null): string {
    const requisition = requisitions.get(requisitionId) ?? throwError(notFound());
    const back = new URL(requisition.redirect);
    back.searchParams.set('ref', requisition.reference);
    if (choice === 'deny') {
      requisition.status = 'RJ';
      back.searchParams.set('error', 'UserCancelledSession');
      back.searchParams.set('details', 'User cancelled the session.');
      return back.toString();
    }
    const agreement = agreements.get(requisition.agreement);
    if (agreement) agreement.accepted = new Date(now()).toISOString();
    for (const template of templates[requisition.institution_id] ?? []) {
      const accountId = randomUUID();
      accounts.set(accountId, { template, requisitionId, institutionId: requisition.institution_id });
      requisition.accounts.push(accountId);
    }
    requisition.status = 'LN';
    return back.toString();
  }

  return {
    secretId,
    secretKey,
    institutions,
    templates,
    route,
    consentPage,
    /** Throws 401 unless `authorization` carries a live access token. */
    authorize(authorization: string | undefined): void {
      if (!isLive(accessTokens, /^Bearer (.+)$/.exec(authorization ?? '')?.[1])) throw invalidToken();
    },
    expireAccessTokens: () => accessTokens.clear(),
    expireRefreshTokens: () => refreshTokens.clear(),
    expireRequisition(requisitionId: string) {
      const requisition = requisitions.get(requisitionId);
      if (requisition) requisition.status = 'EX';
    },
    requisition: (requisitionId: string): FakeRequisition | undefined => requisitions.get(requisitionId),
  };
}

function throwError(error: Error): never {
  throw error;
}
