import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOrgId } from '../src/db/database';
import { approvalItems } from '../src/db/schema';
import { decideItem } from '../src/modules/approvals/request-repo';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

describe('recording a decision on an approval item', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let sam: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Vertretung GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna Approver' });
    sam = await addApprover(testApp, org.id, { name: 'Sam Substitute' });
    await approvalClient(testApp, org.admin).createFlow(flowBody([{ approvers: [anna], required: 1 }]));
  });
  afterAll(async () => testApp.close());

  it('does not record the former approver’s decision on an item an absence just handed to a substitute', async () => {
    const admin = approvalClient(testApp, org.admin);
    const invoiceId = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    const requested = await admin.requestApproval(invoiceId, 1);
    expect(requested.statusCode, requested.body).toBe(200);
    const [item] = await testApp.database.db.select().from(approvalItems).where(eq(approvalItems.approverId, anna.userId));
    // The hand-over commits between Anna's read of the items and her write.
    await testApp.database.db.update(approvalItems).set({ approverId: sam.userId }).where(eq(approvalItems.id, item!.id));

    const context = { orgId: asOrgId(org.id), userId: anna.userId };
    const byAnna = await testApp.database.withOrg(context, (tx) =>
      decideItem(tx, asOrgId(org.id), item!.id, anna.userId, 'approved', null),
    );
    expect(byAnna).toBeNull();
    const [untouched] = await testApp.database.db.select().from(approvalItems).where(eq(approvalItems.id, item!.id));
    expect(untouched).toMatchObject({ approverId: sam.userId, decision: 'pending' });

    const bySam = await testApp.database.withOrg({ ...context, userId: sam.userId }, (tx) =>
      decideItem(tx, asOrgId(org.id), item!.id, sam.userId, 'approved', null),
    );
    expect(bySam).toMatchObject({ approverId: sam.userId, decision: 'approved' });
  });
});
