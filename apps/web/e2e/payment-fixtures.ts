import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isoDate, uploadInvoice } from './invoice-detail-support';
import { DEMO_ADMIN, withDatabase } from './support';

/** A supplier of the demo seed with a stored account: the creditor of the payment specs. */
export const DEMO_SUPPLIER = 'Bürowelt Schneider GmbH';
export const DEMO_SUPPLIER_IBAN = 'DE25700202700015040123';

export interface DemoPaymentIds {
  adminId: string;
  supplierId: string;
  debitorAccountId: string;
}

/** The demo admin, the demo supplier and the demo organisation's default debitor account. */
export async function demoPaymentIds(): Promise<DemoPaymentIds> {
  return withDatabase(async (client) => {
    const row = await client.query<DemoPaymentIds>(
      `select (select id from users where email = $1) as "adminId",
              (select c.id from counterparties c where c.organization_id = o.id and c.name = $2) as "supplierId",
              (select a.id from company_bank_accounts a where a.organization_id = o.id
                order by a.is_default_debitor desc, a.created_at limit 1) as "debitorAccountId"
         from organizations o where o.slug = 'demo'`,
      [DEMO_ADMIN, DEMO_SUPPLIER],
    );
    const ids = row.rows[0];
    if (!ids?.adminId || !ids.supplierId || !ids.debitorAccountId) throw new Error('The demo organisation lacks its seed data');
    return ids;
  });
}

/**
 * An invoice to the demo supplier: `uploader` uploads, fills and sends it for approval through the
 * API, `approver` approves it (the same person only where the four-eyes principle is off); the
 * approval creates its payment. Answers the invoice's id.
 */
export async function approvedInvoice(
  uploader: Page,
  approver: Page,
  ids: Pick<DemoPaymentIds, 'supplierId' | 'debitorAccountId'>,
  invoiceNumber: string,
  totalAmount: number,
): Promise<string> {
  const invoiceId = await uploadInvoice(uploader, `${invoiceNumber}.pdf`);
  const current = (await (await uploader.request.get(`/api/invoices/${invoiceId}`)).json()) as Record<string, unknown>;
  const saved = await uploader.request.put(`/api/invoices/${invoiceId}`, {
    data: {
      ...current,
      counterparty: ids.supplierId,
      counterpartyName: DEMO_SUPPLIER,
      counterpartyIban: DEMO_SUPPLIER_IBAN,
      invoiceNumber,
      date: isoDate(),
      dueDate: isoDate(14),
      netAmount: null,
      taxAmount: null,
      totalAmount,
      taxRate: 1_900,
      currency: 'EUR',
      type: 'invoice',
      shouldCreateTransaction: true,
      alreadyPaid: false,
      alreadyPaidDate: null,
      skontoRate: null,
      skontoAmount: null,
      skontoDate: null,
      partialAmount: [],
      lineItems: [],
      remittanceInformation: null,
      debitorBankAccountId: ids.debitorAccountId,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const requested = await uploader.request.post(`/api/invoices/${invoiceId}/request-approval`, {
    data: { version: ((await saved.json()) as { version: number }).version },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const approved = await approver.request.post(`/api/invoices/${invoiceId}/approve`, {
    data: { version: ((await requested.json()) as { version: number }).version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return invoiceId;
}

/** An open payment to the demo supplier, created through the API. */
export async function openPayment(request: APIRequestContext, ids: DemoPaymentIds, amount: number, remittance: string) {
  const response = await request.post('/api/transactions', {
    data: {
      counterpartyId: ids.supplierId,
      creditorName: DEMO_SUPPLIER,
      creditorIban: DEMO_SUPPLIER_IBAN,
      amount,
      currency: 'EUR',
      requestedExecutionDate: isoDate(5),
      remittanceInformation: remittance,
      debitorBankAccountId: ids.debitorAccountId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; endToEndId: string };
}
