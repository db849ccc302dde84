import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BankConnection } from '@kontor/domain';
import { BankProviderError, type BankDataProvider } from '../src/modules/bank-connections/provider';
import { createSandboxProvider } from '../src/modules/bank-connections/sandbox/sandbox-provider';
import { sandboxApiKey } from '../src/modules/bank-connections/sandbox/sandbox-wire';
import { syncConnection, type SyncResult } from '../src/modules/bank-connections/sync';
import { browser, type TestOrganization, type TestUser } from './factories';
import { createTestApp, freePort, type TestApp, type TestAppOptions } from './harness';

/**
 * The app listening on a port of its own, so that its sandbox bank is reached over real HTTP as in
 * production; PUBLIC_URL stays http://localhost:3000 (the browser's side: cookies, origin checks).
 */
export interface SandboxTestApp extends TestApp {
  /** Where this process really listens: http://127.0.0.1:<port>. */
  origin: string;
  /** The sandbox bank as a provider, for tests that speak to it directly. */
  sandbox: BankDataProvider;
}

export interface SandboxTestAppOptions extends TestAppOptions {
  /** Puts something between the app and its sandbox bank (a bank that fails on cue). */
  wrapProvider?: (sandbox: BankDataProvider) => BankDataProvider;
}

export async function createSandboxTestApp(options: SandboxTestAppOptions = {}): Promise<SandboxTestApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Known before the app exists, so that a wrapped provider can hold the sandbox's API key.
  const secret = randomBytes(32).toString('base64url');
  const sandbox = createSandboxProvider({ baseUrl: `${origin}/sandbox-bank`, apiKey: sandboxApiKey(secret) });
  const testApp = await createTestApp({
    ...options,
    env: { SANDBOX_BANK_URL: `${origin}/sandbox-bank`, SESSION_SECRET: secret, ...options.env },
    bankProvider: options.wrapProvider?.(sandbox),
  });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { ...testApp, origin, sandbox };
}

/** A provider that fails like a bank that is down (transient) while `isDown`, and otherwise passes through. */
export function switchableProvider(inner: BankDataProvider): BankDataProvider & { isDown: boolean } {
  const fail = () => Promise.reject(new BankProviderError('bank down (test)', 'unavailable', true));
  const switchable = {
    isDown: false,
    kind: inner.kind,
    institutions: (country: string) => (switchable.isDown ? fail() : inner.institutions(country)),
    startConsent: (input: Parameters<BankDataProvider['startConsent']>[0]) =>
      switchable.isDown ? fail() : inner.startConsent(input),
    consent: (id: string) => (switchable.isDown ? fail() : inner.consent(id)),
    account: (id: string) => (switchable.isDown ? fail() : inner.account(id)),
    transactions: (id: string, since: string) => (switchable.isDown ? fail() : inner.transactions(id, since)),
    deleteConsent: (id: string) => (switchable.isDown ? fail() : inner.deleteConsent(id)),
  };
  return switchable as BankDataProvider & { isDown: boolean };
}

/** The person answers on the sandbox bank's consent page; answers where the bank sends the browser. */
export async function answerConsent(testApp: SandboxTestApp, redirectUrl: string, decision: 'allow' | 'deny'): Promise<string> {
  const page = new URL(redirectUrl);
  const response = await fetch(`${testApp.origin}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

/** Calls of the bank-connection API as one signed-in person. */
export function bankClient(testApp: TestApp, user: TestUser) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `/api/bank-connections${url}`,
      headers: browser(user.cookie),
      ...(payload ? { payload } : {}),
    });
  return {
    institutions: (country: string) => call('GET', `/institutions?country=${country}`),
    start: (institutionId: string, country = 'DE') => call('POST', '', { institutionId, country }),
    list: () => call('GET', ''),
    get: (id: string) => call('GET', `/${id}`),
    choose: (id: string, providerAccountIds: string[], version: number) =>
      call('POST', `/${id}/accounts`, { providerAccountIds, version }),
    renew: (id: string) => call('POST', `/${id}/renew`, {}),
    disconnect: (id: string) => call('DELETE', `/${id}`),
    /** The browser arriving back from the bank at `location` (the callback URL with its query). */
    callback: (location: string) => {
      const url = new URL(location, 'http://localhost:3000');
      return testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: browser(user.cookie) });
    },
  };
}

/** Start → allow at the bank → back at Kontor: the connection waits for its accounts to be chosen. */
export async function consentedConnection(
  testApp: SandboxTestApp,
  org: TestOrganization,
  institutionId = 'SANDBOX_SPARKASSE_DE',
): Promise<BankConnection> {
  const client = bankClient(testApp, org.admin);
  const started = await client.start(institutionId, institutionId.slice(-2));
  expect(started.statusCode, started.body).toBe(201);
  const { id, redirectUrl } = started.json<{ id: string; redirectUrl: string }>();
  const back = await client.callback(await answerConsent(testApp, redirectUrl, 'allow'));
  expect(back.statusCode).toBe(303);
  expect(back.headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${id}`);
  return (await client.get(id)).json<BankConnection>();
}

/** A connection with all its offered accounts chosen and synced once. */
export async function connectedConnection(
  testApp: SandboxTestApp,
  org: TestOrganization,
  institutionId?: string,
): Promise<BankConnection> {
  const consented = await consentedConnection(testApp, org, institutionId);
  const client = bankClient(testApp, org.admin);
  const chosen = await client.choose(
    consented.id,
    consented.accounts.map((account) => account.providerAccountId),
    consented.version,
  );
  expect(chosen.statusCode, chosen.body).toBe(200);
  await runSync(testApp, org.id, consented.id);
  return (await client.get(consented.id)).json<BankConnection>();
}

/** The sync job's work, run in place of a worker. */
export async function runSync(
  testApp: TestApp,
  orgId: string,
  connectionId: string,
  attempt = 1,
  now?: Date,
): Promise<SyncResult> {
  return syncConnection(testApp.app.bankConnections.deps, { orgId, connectionId }, { attempt }, now);
}
