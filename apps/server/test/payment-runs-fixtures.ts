import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentRun, PaymentRunCreationStrategy } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { activityLog, counterparties, organizations, transactions } from '../src/db/schema';
import { analyseTransactionRows } from '../src/modules/transactions/analysis/analyse-transactions';
import { lockTransactionRows, type NewTransactionRow } from '../src/modules/transactions/transaction-rows';
import { approvalClient, flowBody } from './approval-fixtures';
import { browser, type TestUser } from './factories';
import type { TestApp } from './harness';

/** Checksum-valid IBANs (the same as the pain.001 writer's tests). */
export const IBAN = {
  debitorA: 'DE89370400440532013000',
  debitorB: 'DE02120300000000202051',
  creditor1: 'DE12500105170648489890',
  creditor2: 'AT611904300234573201',
} as const;

/** An open transaction in no run, inserted directly (the transactions module creates them in real use). */
export async function insertOpenTransaction(
  testApp: TestApp,
  organizationId: string,
  values: Partial<NewTransactionRow> = {},
): Promise<string> {
  const [row] = await testApp.database.db
    .insert(transactions)
    .values({
      organizationId,
      origin: 'manual',
      amount: 10_000,
      currency: 'EUR',
      requestedExecutionDate: '2030-01-15',
      endToEndId: `E2E-${randomUUID().slice(0, 12)}`,
      remittanceInformation: `RE-${Math.floor(Math.random() * 1e6)}`,
      debitorName: 'Kontor Test GmbH',
      debitorIban: IBAN.debitorA,
      debitorBic: 'COBADEFFXXX',
      creditorName: 'Müller & Söhne KG',
      creditorIban: IBAN.creditor1,
      ...values,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

export async function insertOpenTransactions(
  testApp: TestApp,
  organizationId: string,
  count: number,
  values: Partial<NewTransactionRow> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await insertOpenTransaction(testApp, organizationId, values));
  return ids;
}

export async function transactionRows(testApp: TestApp, organizationId: string, ids: readonly string[]) {
  return testApp.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...ids])));
}

/** A counterparty whose country differs from its IBAN's: the analysis calls its payments suspicious. */
export async function insertForeignCountryCounterparty(testApp: TestApp, organizationId: string): Promise<string> {
  const [row] = await testApp.database.db
    .insert(counterparties)
    .values({ organizationId, name: 'Fremdland AG', country: 'FR' })
    .returning({ id: counterparties.id });
  return row!.id;
}

/** Analyses the transactions and then sets a manual decision, as "mark OK" / "not OK" would. */
export async function decideAnalysis(
  testApp: TestApp,
  organizationId: string,
  ids: readonly string[],
  status: 'marked_ok' | 'not_ok',
): Promise<void> {
  const orgId = asOrgId(organizationId);
  await testApp.database.withOrg({ orgId, userId: null }, async (tx) => {
    await analyseTransactionRows(tx, orgId, await lockTransactionRows(tx, orgId, ids));
    await tx
      .update(transactions)
      .set({ analysisStatus: status, analysisNote: 'checked by phone' })
      .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...ids])));
  });
}

export async function setStrategy(testApp: TestApp, organizationId: string, strategy: PaymentRunCreationStrategy) {
  await testApp.database.db
    .update(organizations)
    .set({ paymentRunCreationStrategy: strategy })
    .where(eq(organizations.id, organizationId));
}

export async function activityOf(testApp: TestApp, organizationId: string, entityId: string) {
  return testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.organizationId, organizationId), eq(activityLog.entityId, entityId)))
    .orderBy(activityLog.createdAt);
}

/** The payment-run API as one user; answers are Fastify's inject responses. */
export function runClient(testApp: TestApp, user: TestUser) {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(user.cookie), ...(payload ? { payload } : {}) });
  const base = '/api/payment-runs';
  return {
    send,
    create: (transactionIds: string[], name?: string) => send('POST', base, { transactionIds, ...(name ? { name } : {}) }),
    get: async (id: string) => (await send('GET', `${base}/${id}`)).json<PaymentRun>(),
    list: (query = '') => send('GET', `${base}${query ? `?${query}` : ''}`),
    add: (id: string, version: number, transactionIds: string[]) =>
      send('POST', `${base}/${id}/transactions`, { version, transactionIds }),
    remove: (id: string, version: number, transactionIds: string[]) =>
      send('POST', `${base}/${id}/transactions/remove`, { version, transactionIds }),
    requestApproval: (id: string, version: number, flowId?: string) =>
      send('POST', `${base}/${id}/request-approval`, { version, ...(flowId ? { flowId } : {}) }),
    approve: (id: string, version: number) => send('POST', `${base}/${id}/approve`, { version }),
    reject: (id: string, version: number, reason = 'Zu hoch') => send('POST', `${base}/${id}/reject`, { version, reason }),
    reset: (id: string, version: number) => send('POST', `${base}/${id}/reset`, { version }),
    delete: (id: string, version: number) => send('DELETE', `${base}/${id}?version=${version}`),
    export: (id: string, version: number, format?: string) =>
      send('POST', `${base}/${id}/export`, { version, ...(format ? { format } : {}) }),
    file: (id: string) => send('GET', `${base}/${id}/file`),
  };
}

/** A default payment-run flow with one step that `approvers` decide (`required` of them). */
export async function createRunFlow(testApp: TestApp, admin: TestUser, approvers: TestUser[], required = 1) {
  const response = await approvalClient(testApp, admin).createFlow(
    flowBody([{ approvers, required }], { name: 'Zahlungslauf', type: 'payment_run' }),
  );
  if (response.statusCode !== 201) throw new Error(`flow: ${response.body}`);
  return response.json<{ id: string }>();
}
