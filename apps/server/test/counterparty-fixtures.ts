import { afterAll, beforeAll, expect } from 'vitest';
import { emptyCounterpartyFields, type Counterparty, type CounterpartyFieldsInput } from '@kontor/domain';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

/** A complete counterparty form that passes every SPEC §5 rule. */
export function counterpartyBody(overrides: Partial<CounterpartyFieldsInput> = {}): CounterpartyFieldsInput {
  return { ...emptyCounterpartyFields(), name: 'Bürowelt Schneider GmbH', ...overrides };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call as a browser with this session makes it. */
export function caller(testApp: TestApp) {
  return (method: Method, url: string, cookie: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
}

/** The organisation most counterparty tests work in: its admin, a clerk who manages counterparties, a viewer. */
export interface CounterpartyTestOrganization {
  org: TestOrganization;
  clerk: TestUser;
  viewer: TestUser;
  call: ReturnType<typeof caller>;
}

export async function createCounterpartyTestOrganization(testApp: TestApp, name: string): Promise<CounterpartyTestOrganization> {
  const org = await createOrganizationWithAdmin(testApp, name);
  const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
  const viewer = await addMember(testApp, org.id, []);
  return { org, clerk, viewer, call: caller(testApp) };
}

/** A test file's app, its counterparty organisation and another one ("Fremd AG") for the isolation checks. */
export interface CounterpartyTestContext extends CounterpartyTestOrganization {
  testApp: TestApp;
  foreign: TestOrganization;
}

/**
 * Sets up a CounterpartyTestContext before the tests of the enclosing `describe` and closes its app
 * after them (call it in the describe's body). The fields are there once the tests run.
 */
export function useCounterpartyTestContext(name: string): CounterpartyTestContext {
  const context = {} as CounterpartyTestContext;
  beforeAll(async () => {
    const testApp = await createTestApp();
    Object.assign(context, { testApp, ...(await createCounterpartyTestOrganization(testApp, name)) });
    context.foreign = await createOrganizationWithAdmin(testApp, 'Fremd AG');
  });
  afterAll(async () => context.testApp.close());
  return context;
}

/** POST /api/counterparties with `counterpartyBody(overrides)`, expected to answer 201. */
export async function createCounterparty(
  testApp: TestApp,
  cookie: string,
  overrides: Partial<CounterpartyFieldsInput> = {},
): Promise<Counterparty> {
  const response = await caller(testApp)('POST', '/api/counterparties', cookie, counterpartyBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Counterparty>();
}
