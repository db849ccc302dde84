import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

describe('approval tabs of the overview and visibility (SPEC §2, §6)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let uploader: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Übersicht GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    uploader = await addApprover(testApp, org.id, { name: 'Uwe Uploader' });
    admin = approvalClient(testApp, org.admin);
    await admin.createFlow(
      flowBody([
        { approvers: [anna, ben], required: 2 },
        { approvers: [ben], required: 1 },
      ]),
    );
    await admin.createFlow(
      flowBody([{ approvers: [ben], required: 1 }], {
        name: 'Nur Ben',
        isDefault: false,
        conditions: [{ kind: 'amount_above', amount: 1_000_000, currency: 'EUR' }],
      }),
    );
    const rita = approvalClient(testApp, uploader);
    // forAnna: waits for Anna and Ben; annaDone: Anna approved, waits for Ben; benOnly: waits for Ben only.
    for (const [name, amount] of [
      ['forAnna', 1000],
      ['annaDone', 2000],
      ['benOnly', 5_000_000],
      ['notRequested', 3000],
    ] as const) {
      ids[name] = await insertApprovableInvoice(testApp, org.id, uploader.userId, { totalAmount: amount });
      if (name !== 'notRequested') expect((await rita.requestApproval(ids[name]!, 1)).statusCode).toBe(200);
    }
    expect((await approvalClient(testApp, anna).approve(ids.annaDone!, 2)).statusCode).toBe(200);
    // The admin's own invoice, not visible to Anna.
    ids.adminOwn = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
  });
  afterAll(async () => testApp.close());

  it('lists what waits for the caller on my-approvals, with progress, and counts it', async () => {
    const annaList = await approvalClient(testApp, anna).list('tab=my-approvals');
    expect(annaList.items.map((item) => item.id)).toEqual([ids.forAnna]);
    expect(annaList.items[0]!.approvalProgress).toEqual({ currentStep: 0, stepCount: 2, approvedInStep: 0, requiredInStep: 2 });
    expect(annaList.counts['my-approvals']).toBe(1);

    const benList = await approvalClient(testApp, ben).list('tab=my-approvals&sort=totalAmount&direction=asc');
    expect(benList.items.map((item) => item.id)).toEqual([ids.forAnna, ids.annaDone, ids.benOnly]);
    expect(benList.counts['my-approvals']).toBe(3);
    expect(benList.items[1]!.approvalProgress).toMatchObject({ approvedInStep: 1, requiredInStep: 2 });

    // A small page of a dense waiting set walks the sort index instead (isPageDrivenByWaiting).
    const paged = await approvalClient(testApp, ben).list('tab=my-approvals&sort=totalAmount&direction=asc&limit=2');
    expect(paged.items).toHaveLength(2);
    const next = await approvalClient(testApp, ben).list(
      `tab=my-approvals&sort=totalAmount&direction=asc&limit=2&cursor=${encodeURIComponent(paged.nextCursor!)}`,
    );
    expect(next.items.map((item) => item.id)).toEqual([ids.benOnly]);
    expect((await admin.list('tab=my-approvals')).items).toEqual([]);
  });

  it('pages my-approvals in due-date order from the waiting items, following a changed due date', async () => {
    const setDueDate = (id: string, dueDate: string | null) =>
      testApp.database.pool.query('update invoices set due_date = $2 where organization_id = $1 and id = $3', [
        org.id,
        dueDate,
        id,
      ]);
    await setDueDate(ids.forAnna!, '2026-03-01');
    await setDueDate(ids.annaDone!, '2026-01-15');
    await setDueDate(ids.benOnly!, null);
    const benClient = approvalClient(testApp, ben);
    const order = async (direction: 'asc' | 'desc') => {
      const first = await benClient.list(`tab=my-approvals&sort=dueDate&direction=${direction}&limit=2`);
      const rest = await benClient.list(
        `tab=my-approvals&sort=dueDate&direction=${direction}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      expect(rest.nextCursor).toBeNull();
      return [...first.items, ...rest.items].map((item) => item.id);
    };
    // Without a due date last, in both directions (as on every other tab).
    expect(await order('asc')).toEqual([ids.annaDone, ids.forAnna, ids.benOnly]);
    expect(await order('desc')).toEqual([ids.forAnna, ids.annaDone, ids.benOnly]);
    await setDueDate(ids.forAnna!, '2025-12-01');
    expect(await order('asc')).toEqual([ids.forAnna, ids.annaDone, ids.benOnly]);
    const search = await benClient.list('tab=my-approvals&sort=dueDate&search=Papier&amountMin=1500');
    expect(search.items.map((item) => item.id)).toEqual([ids.annaDone, ids.benOnly]);
    // The search filters the waiting items with names folded: "müller" finds "MÜLLER", "Muller" too.
    await testApp.database.pool.query('update invoices set counterparty_name = $2 where organization_id = $1 and id = $3', [
      org.id,
      'MÜLLER Papier KG',
      ids.annaDone,
    ]);
    for (const term of ['müller', 'Muller']) {
      const folded = await benClient.list(`tab=my-approvals&sort=dueDate&search=${encodeURIComponent(term)}`);
      expect(folded.items.map((item) => item.id)).toEqual([ids.annaDone]);
    }
  });

  it('lists every invoice in approval on all-approvals for those who see them all', async () => {
    const all = await admin.list('tab=all-approvals');
    expect(all.items.map((item) => item.id).sort()).toEqual([ids.forAnna, ids.annaDone, ids.benOnly].sort());
    expect(all.counts['all-approvals']).toBe(3);
    expect(all.items.every((item) => item.approvalProgress !== null && item.approvalProgress !== undefined)).toBe(true);
    expect((await admin.list('tab=new')).items[0]!.approvalProgress).toBeUndefined();
  });

  it('lets an approver without ap_invoices:manage see the invoices they approve, and nothing else', async () => {
    const annaClient = approvalClient(testApp, anna);
    const all = await annaClient.list('tab=all-approvals');
    expect(all.items.map((item) => item.id).sort()).toEqual([ids.forAnna, ids.annaDone].sort());
    expect(all.counts['all-approvals']).toBe(2);
    expect(all.counts.new).toBe(0);
    expect((await annaClient.send('GET', `/api/invoices/${ids.forAnna}`)).statusCode).toBe(200);
    expect((await annaClient.send('GET', `/api/invoices/${ids.benOnly}`)).statusCode).toBe(404);
    expect((await annaClient.send('GET', `/api/invoices/${ids.adminOwn}`)).statusCode).toBe(404);
    const search = await annaClient.list('tab=all-approvals&search=Papier');
    expect(search.items.map((item) => item.id).sort()).toEqual([ids.forAnna, ids.annaDone].sort());
    // The uploader sees their own uploads as before.
    const uwe = await approvalClient(testApp, uploader).list('tab=all-approvals');
    expect(uwe.counts['all-approvals']).toBe(3);
    expect(uwe.counts.new).toBe(1);
  });
});
