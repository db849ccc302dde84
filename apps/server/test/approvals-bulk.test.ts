import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_APPROVE_CHUNK, DEFAULT_REQUIRED_FIELDS, type ApprovalFlow, type BulkApproveResponse } from '@kontor/domain';
import { invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import {
  addApprover,
  approvalClient,
  flowBody,
  flowOneAfterAnother,
  insertApprovableInvoice,
  outboxFor,
} from './approval-fixtures';

/** POST /api/invoices/bulk-approve: the "my approvals" selection approved at once (issue 4). */
describe('bulk approval', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let foreignOrg: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let single: ApprovalFlow;
  let annaThenCarl: ApprovalFlow;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Sammelfreigabe GmbH');
    foreignOrg = await createOrganizationWithAdmin(testApp, 'Fremd GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    carl = await addApprover(testApp, org.id, { name: 'Carl', locale: 'de' });
    const admin = approvalClient(testApp, org.admin);
    single = (await admin.createFlow(flowBody([{ approvers: [anna, ben], required: 1 }], { name: 'Einer' }))).json();
    annaThenCarl = await flowOneAfterAnother(admin, [anna, carl], 'Anna dann Carl');
  });
  afterAll(async () => testApp.close());

  async function requested(flow: ApprovalFlow, values: { notes?: string } = {}): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    if (values.notes) await testApp.database.db.update(invoices).set({ notes: values.notes }).where(eq(invoices.id, id));
    expect((await approvalClient(testApp, org.admin).requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    return id; // now at version 2
  }

  const bulkApprove = (user: TestUser, items: { id: string; version: number }[], language = 'en') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/invoices/bulk-approve',
      headers: browser(user.cookie, { 'accept-language': language }),
      payload: { items },
    });

  it('approves each invoice at the version the list showed, and logs each approval', async () => {
    const ids = [await requested(single), await requested(single), await requested(single)];
    const waiting = await approvalClient(testApp, anna).list('tab=my-approvals&limit=50');
    const rows = waiting.items.filter((item) => ids.includes(item.id)) as { id: string; version: number }[];
    expect(rows.map((row) => row.version)).toEqual([2, 2, 2]);

    const response = await bulkApprove(anna, rows);
    expect(response.statusCode).toBe(200);
    const answer = response.json<BulkApproveResponse>();
    expect(answer.failed).toEqual([]);
    expect(answer.decided.map((decision) => decision.id).sort()).toEqual([...ids].sort());
    expect(answer.decided.every((decision) => decision.outcome === 'approved')).toBe(true);
    for (const id of ids) {
      const invoice = await approvalClient(testApp, anna).invoice(id);
      expect(invoice).toMatchObject({ status: 'approved', version: 3 });
      const log = await approvalClient(testApp, anna).activity(id);
      expect(log.some((entry) => entry.entityType === 'approval_item' && entry.action === 'approve')).toBe(true);
    }
    const after = await approvalClient(testApp, ben).list('tab=my-approvals&limit=50');
    expect(after.items.filter((item) => ids.includes(item.id))).toEqual([]);
  });

  it('refuses invoice by invoice, with the reason in the caller’s language, and decides the rest', async () => {
    const stale = await requested(single);
    const nextStep = await requested(annaThenCarl);
    // Anna approved it on its own page meanwhile; its second step is Carl's.
    const decidedBefore = await requested(annaThenCarl);
    expect((await approvalClient(testApp, anna).approve(decidedBefore, 2)).statusCode).toBe(200);
    const foreign = await insertApprovableInvoice(testApp, foreignOrg.id, foreignOrg.admin.userId);

    const response = await bulkApprove(
      anna,
      [
        { id: stale, version: 1 },
        { id: nextStep, version: 2 },
        { id: nextStep, version: 2 },
        { id: decidedBefore, version: 2 },
        { id: foreign, version: 1 },
      ],
      'de',
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json<BulkApproveResponse>();
    expect(answer.decided).toEqual([{ id: nextStep, outcome: 'next_step' }]);
    expect(answer.failed).toEqual([
      { id: stale, code: 'stale_version', message: expect.stringContaining('inzwischen geändert') },
      { id: decidedBefore, code: 'approval_already_decided', message: expect.stringContaining('bereits entschieden') },
      { id: foreign, code: 'invoice_not_found', message: expect.stringContaining('nicht gefunden') },
    ]);
    expect((await approvalClient(testApp, anna).invoice(stale)).status).toBe('in_approval');
    expect((await approvalClient(testApp, anna).invoice(nextStep)).approval).toMatchObject({ currentStep: 1, status: 'pending' });
    // The opened step's approver is told, as after a single approval.
    const mails = await outboxFor(testApp, org.id, carl.email);
    expect(mails.some((mail) => mail.textBody.includes(nextStep))).toBe(true);
    const foreignInvoice = await approvalClient(testApp, foreignOrg.admin).invoice(foreign);
    expect(foreignInvoice.status).toBe('new');
  });

  it('enforces the fields required for the step it approves', async () => {
    const admin = approvalClient(testApp, org.admin);
    const lacking = await requested(single);
    const filled = await requested(single, { notes: 'Geprüft' });
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/api/organization/${org.id}/required-fields`,
      headers: browser(org.admin.cookie),
      payload: { version: 1, requiredFields: { ...DEFAULT_REQUIRED_FIELDS, notes: 'first_approval' } },
    });
    expect(saved.statusCode).toBe(200);

    const answer = (
      await bulkApprove(
        anna,
        [
          { id: lacking, version: 2 },
          { id: filled, version: 2 },
        ],
        'de',
      )
    ).json<BulkApproveResponse>();
    expect(answer.decided).toEqual([{ id: filled, outcome: 'approved' }]);
    expect(answer.failed).toEqual([
      { id: lacking, code: 'required_fields_missing', message: 'Füllen Sie zuerst die Pflichtfelder aus: Notizen.' },
    ]);
    expect((await admin.invoice(lacking)).status).toBe('in_approval');
  });

  it('answers 400 for an empty or oversized selection and 401 without a session', async () => {
    expect((await bulkApprove(anna, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: BULK_APPROVE_CHUNK + 1 }, () => ({ id: crypto.randomUUID(), version: 2 }));
    expect((await bulkApprove(anna, tooMany)).statusCode).toBe(400);
    expect((await bulkApprove(anna, [{ id: 'not-a-uuid', version: 2 }])).statusCode).toBe(400);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/invoices/bulk-approve',
      payload: { items: [{ id: crypto.randomUUID(), version: 2 }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
