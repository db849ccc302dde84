import { randomUUID } from 'node:crypto';
import {
  companyBankAccounts,
  counterparties,
  counterpartyBankAccounts,
  paymentHistory,
  paymentRuns,
  transactions,
} from '../src/db/schema';
import type { TestApp } from './harness';

/** IBANs with valid check digits for the payment tests. */
export const IBANS = {
  debitor: 'DE89370400440532013000',
  supplier: 'DE02120300000000202051',
  other: 'DE44500105175407324931',
  french: 'FR1420041010050500013M02606',
  austrian: 'AT611904300234573201',
} as const;

const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** YYYY-MM-DD `days` from today (negative: in the past), in UTC like the database's current_date in tests. */
export const isoDay = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A company bank account inserted directly (the company-bank-accounts module is someone else's). */
export async function insertCompanyAccount(
  testApp: TestApp,
  organizationId: string,
  values: Partial<typeof companyBankAccounts.$inferInsert> = {},
) {
  const [row] = await testApp.database.db
    .insert(companyBankAccounts)
    .values({ organizationId, name: 'Hausbank', iban: IBANS.debitor, isDefaultDebitor: true, ...values })
    .returning();
  return row!;
}

/** A counterparty with optional bank accounts, inserted directly so that creation times can be set. */
export async function insertCounterparty(
  testApp: TestApp,
  organizationId: string,
  values: Partial<typeof counterparties.$inferInsert> = {},
  accounts: { iban: string; createdAt?: Date; name?: string }[] = [],
) {
  const [row] = await testApp.database.db
    .insert(counterparties)
    .values({ organizationId, name: `Lieferant ${randomUUID().slice(0, 6)}`, ...values })
    .returning();
  const accountRows = [];
  for (const account of accounts) {
    const [accountRow] = await testApp.database.db
      .insert(counterpartyBankAccounts)
      .values({
        organizationId,
        counterpartyId: row!.id,
        iban: account.iban,
        name: account.name ?? '',
        ...(account.createdAt ? { createdAt: account.createdAt } : {}),
      })
      .returning();
    accountRows.push(accountRow!);
  }
  return { ...row!, accounts: accountRows };
}

/** A transaction inserted directly (status, run and analysis as given; open and unanalysed by default). */
export async function insertTransaction(
  testApp: TestApp,
  organizationId: string,
  values: Partial<typeof transactions.$inferInsert> = {},
) {
  const id = values.id ?? randomUUID();
  const [row] = await testApp.database.db
    .insert(transactions)
    .values({
      organizationId,
      id,
      origin: 'manual',
      amount: 10_000,
      currency: 'EUR',
      requestedExecutionDate: isoDay(),
      endToEndId: `TRX${id.replace(/-/g, '').toUpperCase()}`,
      remittanceInformation: 'RE-1',
      debitorName: 'Test GmbH',
      debitorIban: IBANS.debitor,
      creditorName: 'Lieferant GmbH',
      creditorIban: IBANS.supplier,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertHistory(
  testApp: TestApp,
  organizationId: string,
  values: Partial<typeof paymentHistory.$inferInsert> = {},
) {
  const [row] = await testApp.database.db
    .insert(paymentHistory)
    .values({
      organizationId,
      entryKey: randomUUID(),
      source: 'camt053',
      creditorIban: IBANS.supplier,
      amount: 10_000,
      currency: 'EUR',
      paidOn: isoDay(-10),
      ...values,
    })
    .returning();
  return row!;
}

let runNumber = 1000;
export async function insertRun(testApp: TestApp, organizationId: string, values: Partial<typeof paymentRuns.$inferInsert> = {}) {
  runNumber += 1;
  const [row] = await testApp.database.db
    .insert(paymentRuns)
    .values({ organizationId, number: runNumber, ...values })
    .returning();
  return row!;
}
