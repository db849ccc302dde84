import { and, eq } from 'drizzle-orm';
import type { ApprovalFlow, ApprovalFlowBody, Invoice, Permission } from '@kontor/domain';
import { mailOutbox, organizations, users } from '../src/db/schema';
import { addMember, browser, type TestUser } from './factories';
import type { TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';

/** Requests of the approval tests, as one user; answers are Fastify's inject responses. */
export function approvalClient(testApp: TestApp, user: TestUser) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(user.cookie), ...(payload ? { payload } : {}) });
  return {
    send,
    createFlow: (body: ApprovalFlowBody) => send('POST', '/api/approval-flows', body),
    invoice: async (id: string) => (await send('GET', `/api/invoices/${id}`)).json<Invoice>(),
    matchingFlow: (id: string) => send('GET', `/api/invoices/${id}/approval-flow`),
    requestApproval: (id: string, version: number, flowId?: string) =>
      send('POST', `/api/invoices/${id}/request-approval`, { version, ...(flowId ? { flowId } : {}) }),
    approve: (id: string, version: number) => send('POST', `/api/invoices/${id}/approve`, { version }),
    reject: (id: string, version: number, reason: string) => send('POST', `/api/invoices/${id}/reject`, { version, reason }),
    reset: (id: string, version: number) => send('POST', `/api/invoices/${id}/reset`, { version }),
    activity: async (id: string) =>
      (await send('GET', `/api/invoices/${id}/activity`)).json<{
        items: { entityType?: string; action: string; changes: Record<string, unknown> | null }[];
      }>().items,
    list: async (query: string) =>
      (await send('GET', `/api/invoices?${query}`)).json<{
        items: { id: string; approvalProgress?: unknown }[];
        counts: Record<string, number>;
        nextCursor: string | null;
      }>(),
  };
}

/** A member with a name and locale, so that notifications can be checked. */
export async function addApprover(
  testApp: TestApp,
  organizationId: string,
  options: { name: string; locale?: 'de' | 'en'; permissions?: Permission[] },
): Promise<TestUser> {
  const member = await addMember(testApp, organizationId, options.permissions ?? []);
  await testApp.database.db
    .update(users)
    .set({ name: options.name, locale: options.locale ?? null })
    .where(eq(users.id, member.userId));
  return member;
}

export function flowBody(steps: { approvers: TestUser[]; required: number }[], overrides: Partial<ApprovalFlowBody> = {}) {
  return {
    name: 'Standard',
    type: 'invoice' as const,
    isDefault: true,
    steps: steps.map((step) => ({ approverIds: step.approvers.map((user) => user.userId), requiredApprovals: step.required })),
    conditions: [],
    ...overrides,
  } satisfies ApprovalFlowBody;
}

/** A flow (not the default) in which each of `approvers` in turn approves alone. */
export async function flowOneAfterAnother(
  client: ReturnType<typeof approvalClient>,
  approvers: TestUser[],
  name: string,
): Promise<ApprovalFlow> {
  const steps = approvers.map((approver) => ({ approvers: [approver], required: 1 }));
  return (await client.createFlow(flowBody(steps, { name, isDefault: false }))).json<ApprovalFlow>();
}

/** An invoice ready for approval (status new, version 1, every SPEC §5 base field filled), uploaded by `uploadedBy`. */
export function insertApprovableInvoice(
  testApp: TestApp,
  organizationId: string,
  uploadedBy: string,
  values: { totalAmount?: number; currency?: string; counterpartyId?: string | null; costCenterId?: string | null } = {},
) {
  return insertInvoiceRow(testApp, organizationId, {
    uploadedBy,
    ...APPROVABLE_BASE_FIELDS,
    counterpartyName: 'Papier & Co. KG',
    invoiceNumber: `RE-${Math.floor(Math.random() * 1e6)}`,
    totalAmount: 123456,
    currency: 'EUR',
    ...values,
  });
}

/** The SPEC §5 base fields besides number, total and currency, which approval requires (set directly). */
export const APPROVABLE_BASE_FIELDS = { date: '2026-11-01', dueDate: '2026-11-30', taxRate: 1900 } as const;

export async function outboxFor(testApp: TestApp, organizationId: string, to: string) {
  const rows = await testApp.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, organizationId)));
  return rows.filter((row) => row.toAddresses.includes(to));
}

/**
 * Switches the organisation's four-eyes principle (on by default) directly: for tests about
 * something else that approve, as the only approver, what they uploaded or created themselves.
 */
export async function setFourEyes(testApp: TestApp, organizationId: string, isOn: boolean): Promise<void> {
  await testApp.database.db.update(organizations).set({ fourEyesApproval: isOn }).where(eq(organizations.id, organizationId));
}
