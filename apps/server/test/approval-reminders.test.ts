import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso, type ApprovalFlow, type Organization } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { approvalItems, approvalRequests, invoices } from '../src/db/schema';
import { listReminderOrganizations, REMINDER_LINES_MAX, sendApprovalReminders } from '../src/modules/approvals/reminders';
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

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Approval reminders on business mornings (issue 4, SPEC §6 "invoices needing approval"). */
describe('approval reminders', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let carl: TestUser;
  let dora: TestUser;
  let single: ApprovalFlow;
  let annaThenCarl: ApprovalFlow;
  let doraAlone: ApprovalFlow;
  const deps = () => ({ mailer: testApp.app.mailer, publicUrl: 'https://kontor.example.com' });

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Erinnerung GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    carl = await addApprover(testApp, org.id, { name: 'Carl', locale: 'de' });
    dora = await addApprover(testApp, org.id, { name: 'Dora' });
    const admin = approvalClient(testApp, org.admin);
    single = (await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Anna' }))).json();
    annaThenCarl = await flowOneAfterAnother(admin, [anna, carl], 'Anna dann Carl');
    doraAlone = await flowOneAfterAnother(admin, [dora], 'Dora');
  });
  afterAll(async () => testApp.close());

  /** An invoice in approval with the flow, requested `requestedDaysAgo` days ago. */
  async function waiting(flow: ApprovalFlow, invoiceNumber: string, requestedDaysAgo: number): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    await testApp.database.db.update(invoices).set({ invoiceNumber }).where(eq(invoices.id, id));
    expect((await approvalClient(testApp, org.admin).requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    await testApp.database.db
      .update(approvalRequests)
      .set({ requestedAt: daysAgo(requestedDaysAgo) })
      .where(eq(approvalRequests.entityId, id));
    return id;
  }

  /** Anna approves step 1 of an Anna-then-Carl invoice, `decidedDaysAgo` days ago. */
  async function passedOnToCarl(invoiceNumber: string, decidedDaysAgo: number): Promise<void> {
    const id = await waiting(annaThenCarl, invoiceNumber, 10);
    expect((await approvalClient(testApp, anna).approve(id, 2)).statusCode).toBe(200);
    await testApp.database.db
      .update(approvalItems)
      .set({ decidedAt: daysAgo(decidedDaysAgo) })
      .where(sql`${approvalItems.entityId} = ${id} and ${approvalItems.step} = 0`);
  }

  const mailsTo = async (user: TestUser) =>
    (await outboxFor(testApp, org.id, user.email)).filter((mail) => mail.template === 'approval_reminder');

  it('reminds each approver once of what waits longer than the organisation’s days, since its step opened', async () => {
    await waiting(single, 'ALT-1', 5);
    await waiting(single, 'NEU-1', 2);
    await passedOnToCarl('ALT-CARL', 4);
    await passedOnToCarl('NEU-CARL', 1);
    for (let index = 1; index <= REMINDER_LINES_MAX + 2; index += 1) await waiting(doraAlone, `DORA-${index}`, 4 + index);

    expect(await listReminderOrganizations(testApp.database)).toContain(org.id);
    const sent = await sendApprovalReminders(testApp.database, deps(), asOrgId(org.id), todayIso());
    expect(sent).toBe(3);

    const [toAnna, ...moreToAnna] = await mailsTo(anna);
    expect(moreToAnna).toEqual([]);
    expect(toAnna!.subject).toBe('Reminder: 1 invoice is waiting for your approval');
    expect(toAnna!.textBody).toContain('this invoice has been waiting for your approval for more than 3 days:');
    expect(toAnna!.textBody).toContain('ALT-1');
    expect(toAnna!.textBody).not.toContain('NEU-1');
    expect(toAnna!.textBody).toContain('https://kontor.example.com/erinnerung-gmbh/invoices/my-approvals');

    const [toCarl] = await mailsTo(carl);
    expect(toCarl!.subject).toBe('Erinnerung: 1 Rechnung wartet auf Ihre Freigabe');
    expect(toCarl!.textBody).toContain('ALT-CARL');
    expect(toCarl!.textBody).not.toContain('NEU-CARL');
    expect(toCarl!.textBody).toContain('diese Rechnung wartet seit mehr als 3 Tagen auf Ihre Freigabe:');
    expect(toCarl!.textBody).toMatch(/wartet seit \d{2}\.\d{2}\.\d{4}/);

    const [toDora] = await mailsTo(dora);
    expect(toDora!.subject).toBe(`Reminder: ${REMINDER_LINES_MAX + 2} invoices are waiting for your approval`);
    // Oldest first; the two newest are counted, not listed.
    expect(toDora!.textBody.indexOf(`DORA-${REMINDER_LINES_MAX + 2}`)).toBeLessThan(toDora!.textBody.indexOf('DORA-3'));
    expect(toDora!.textBody).not.toMatch(/DORA-1\b/);
    expect(toDora!.textBody).toContain('… and 2 more.');
  });

  it('follows the setting: more days, or none at all', async () => {
    const put = (body: object, version: number) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/organization',
        headers: browser(org.admin.cookie),
        payload: { version, ...body },
      });
    const current = async () =>
      (
        await testApp.app.inject({ method: 'GET', url: `/api/organization/${org.id}`, headers: browser(org.admin.cookie) })
      ).json<Organization>();
    expect((await current()).approvalReminderDays).toBe(3);
    expect((await put({ approvalReminderDays: 0 }, (await current()).version)).statusCode).toBe(400);
    expect((await put({ approvalReminderDays: 31 }, (await current()).version)).statusCode).toBe(400);

    const longer = await put({ approvalReminderDays: 6 }, (await current()).version);
    expect(longer.json<Organization>().approvalReminderDays).toBe(6);
    const before = (await mailsTo(anna)).length;
    await sendApprovalReminders(testApp.database, deps(), asOrgId(org.id), todayIso());
    // Only Dora's oldest (7 days and more) and none of Anna's (5 days).
    expect(await mailsTo(anna)).toHaveLength(before);
    expect((await mailsTo(dora)).at(-1)!.subject).toBe(`Reminder: ${REMINDER_LINES_MAX} invoices are waiting for your approval`);

    const off = await put({ approvalReminderDays: null }, (await current()).version);
    expect(off.json<Organization>().approvalReminderDays).toBeNull();
    expect(await listReminderOrganizations(testApp.database)).not.toContain(org.id);
    expect(await sendApprovalReminders(testApp.database, deps(), asOrgId(org.id), todayIso())).toBe(0);
  });
});
