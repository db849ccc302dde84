import type { ArInvoiceInput } from '@kontor/domain';
import { counterparties } from '../src/db/schema';
import type { TestApp } from './harness';

/** A valid outgoing invoice: two lines at 19 % and one at 7 % (issue 64). */
export function arInvoiceBody(counterpartyId: string, overrides: Partial<ArInvoiceInput> = {}): ArInvoiceInput {
  return {
    type: 'invoice',
    counterpartyId,
    invoiceDate: '2026-11-02',
    dueDate: '2026-12-02',
    servicePeriodStart: '2026-10-01',
    servicePeriodEnd: '2026-10-31',
    currency: 'EUR',
    lineItems: [
      { description: 'Beratung', quantity: 12.5, unit: 'h', unitPrice: 12000, taxRate: 1900 },
      { description: 'Reisekosten', quantity: 1, unit: null, unitPrice: 8990, taxRate: 1900 },
      { description: 'Fachbuch', quantity: 2, unit: 'Stk', unitPrice: 3995, taxRate: 700 },
    ],
    notes: null,
    paymentTermDays: 30,
    skontoRate: null,
    skontoDays: null,
    correctedInvoiceId: null,
    ...overrides,
  };
}

export async function insertCustomer(testApp: TestApp, organizationId: string, name = 'Kunde Nord GmbH'): Promise<string> {
  const [row] = await testApp.database.db
    .insert(counterparties)
    .values({ organizationId, name, accountsReceivableNumber: `1${Math.floor(Math.random() * 90000 + 10000)}` })
    .returning();
  return row!.id;
}
