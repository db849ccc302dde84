import type { CounterpartyFieldsInput } from '@kontor/domain';
import { browser } from './factories';
import type { TestApp } from './harness';

/** A complete counterparty form that passes every SPEC §5 rule. */
export function counterpartyBody(overrides: Partial<CounterpartyFieldsInput> = {}): CounterpartyFieldsInput {
  return {
    name: 'Bürowelt Schneider GmbH',
    vatNumber: null,
    email: null,
    description: null,
    street: null,
    zip: null,
    city: null,
    country: null,
    bankAccounts: [],
    accountsPayableNumber: null,
    accountsReceivableNumber: null,
    defaultLedgerAccountId: null,
    paymentTermsDays: null,
    skontoDays: null,
    skontoRate: null,
    paymentRemindersEnabled: false,
    paymentReminderEmails: null,
    ...overrides,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call as a browser with this session makes it. */
export function caller(testApp: TestApp) {
  return (method: Method, url: string, cookie: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
}
