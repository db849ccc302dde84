import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso, type ApprovalAbsenceList, type ApprovalAbsenceSaved, type ApprovalFlow } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { handOnForAbsencesOfDay } from '../src/modules/approvals/absence-service';
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

/** Absences with a substitute (issue 4: approvals must not wait for someone on holiday). */
describe('absences and substitutes', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let dora: TestUser;
  const today = todayIso();

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Urlaub GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben', locale: 'de' });
    carl = await addApprover(testApp, org.id, { name: 'Carl' });
    dora = await addApprover(testApp, org.id, { name: 'Dora' });
  });
  afterAll(async () => testApp.close());

  const setAbsence = (
    by: TestUser,
    userId: string,
    body: { startsOn: string; endsOn: string; substituteId: string; note?: string },
    locale = 'en',
  ) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/approval-absences/${userId}`,
      headers: browser(by.cookie, { 'accept-language': locale }),
      payload: body,
    });
  const removeAbsence = (by: TestUser, userId: string) =>
    testApp.app.inject({ method: 'DELETE', url: `/api/approval-absences/${userId}`, headers: browser(by.cookie) });
  const listAbsences = async (by: TestUser) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/approval-absences', headers: browser(by.cookie) })
    ).json<ApprovalAbsenceList>();

  /** An invoice requested with `flow`; answers its id (version 2). */
  async function requested(flow: ApprovalFlow): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await approvalClient(testApp, org.admin).requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    return id;
  }
  const waitingFor = async (user: TestUser) =>
    (await approvalClient(testApp, user).list('tab=my-approvals&limit=50')).items.map((item) => item.id);
  const stepApprovers = async (id: string, step: number) =>
    (await approvalClient(testApp, org.admin).invoice(id)).approval!.steps[step]!.items.map((item) => item.approverId).sort();

  /** Per step: each approver's name and whom they stand in for. */
  const standIns = async (id: string) =>
    (await approvalClient(testApp, org.admin).invoice(id)).approval!.steps.map((step) =>
      step.items.map((item) => [item.approverName, item.standsInForName]),
    );

  it('an absence that has begun hands what waits to the substitute at once, tells them and logs it', async () => {
    const flow = await flowOneAfterAnother(approvalClient(testApp, org.admin), [anna], 'Anna allein');
    const first = await requested(flow);
    const second = await requested(flow);
    expect(await waitingFor(anna)).toEqual(expect.arrayContaining([first, second]));

    const saved = await setAbsence(anna, anna.userId, {
      startsOn: addDaysIso(today, -2),
      endsOn: addDaysIso(today, 7),
      substituteId: ben.userId,
      note: 'Urlaub',
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<ApprovalAbsenceSaved>();
    expect(body).toMatchObject({
      handedOn: 2,
      absence: { userName: 'Anna', substituteName: 'Ben', isActive: true, note: 'Urlaub' },
    });
    expect(await waitingFor(ben)).toEqual(expect.arrayContaining([first, second]));
    expect(await waitingFor(anna)).toEqual([]);
    expect(await stepApprovers(first, 0)).toEqual([ben.userId]);
    // The approval section says whose it was.
    expect((await standIns(first))[0]).toEqual([['Ben', 'Anna']]);

    // Ben is told once, in German, how many now wait for him.
    const mails = (await outboxFor(testApp, org.id, ben.email)).filter((mail) => mail.template === 'substitute_named');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Anna hat Sie als Vertretung eingetragen');
    expect(mails[0]!.textBody).toContain('2 Freigaben, die auf Anna gewartet haben, warten jetzt auf Sie.');

    // The invoice's history says who took it over and why, done by Kontor itself.
    const log = await approvalClient(testApp, org.admin).activity(first);
    const entry = log.find((item) => item.changes && 'absentUntil' in item.changes);
    expect(entry?.changes).toMatchObject({ approver: { from: 'Anna', to: 'Ben' }, absentUntil: addDaysIso(today, 7) });

    // Ben's approval counts as Anna's would have.
    expect((await approvalClient(testApp, ben).approve(first, 2)).json()).toMatchObject({ status: 'approved' });
    // Handed on by hand, the approval is the new approver's own.
    const { version } = await approvalClient(testApp, ben).invoice(second);
    const handed = await approvalClient(testApp, ben).send('POST', `/api/invoices/${second}/reassign-approval`, {
      version,
      fromApproverId: ben.userId,
      toApproverId: dora.userId,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await standIns(second))[0]).toEqual([['Dora', null]]);
    expect((await removeAbsence(anna, anna.userId)).statusCode).toBe(204);
  });

  it('a step that opens while its approver is away goes to the substitute, and only they are e-mailed', async () => {
    const flow = await flowOneAfterAnother(approvalClient(testApp, org.admin), [carl, anna], 'Carl dann Anna');
    expect(
      (await setAbsence(org.admin, anna.userId, { startsOn: today, endsOn: today, substituteId: dora.userId })).statusCode,
    ).toBe(200);
    const id = await requested(flow);
    expect((await approvalClient(testApp, carl).approve(id, 2)).statusCode).toBe(200);
    expect(await stepApprovers(id, 1)).toEqual([dora.userId]);
    const needed = (email: string) =>
      outboxFor(testApp, org.id, email).then((rows) =>
        rows.filter((mail) => mail.template === 'approval_needed' && mail.textBody.includes(`/my-approvals/${id}`)),
      );
    const [mail] = await needed(dora.email);
    expect(mail?.textBody).toContain('You receive this approval as the substitute of Anna, who is away.');
    expect(await needed(anna.email)).toHaveLength(0);
    expect((await standIns(id))[1]).toEqual([['Dora', 'Anna']]);
    // Carl's own step-1 e-mail was his: it names nobody.
    const carlsMails = (await outboxFor(testApp, org.id, carl.email)).filter((row) =>
      row.textBody.includes(`/my-approvals/${id}`),
    );
    expect(carlsMails.map((row) => /substitute of|Vertretung von/.test(row.textBody))).toEqual([false]);
    expect((await removeAbsence(org.admin, anna.userId)).statusCode).toBe(204);
  });

  it('follows a chain of absences, and leaves an approval where nobody present could take it', async () => {
    const admin = approvalClient(testApp, org.admin);
    const annaAlone = await flowOneAfterAnother(admin, [anna], 'Anna (Kette)');
    const annaAndBen = (
      await admin.createFlow(flowBody([{ approvers: [anna, ben], required: 2 }], { name: 'Anna und Ben', isDefault: false }))
    ).json<ApprovalFlow>();
    const period = { startsOn: today, endsOn: addDaysIso(today, 3) };
    expect((await setAbsence(org.admin, anna.userId, { ...period, substituteId: ben.userId })).statusCode).toBe(200);
    expect((await setAbsence(org.admin, ben.userId, { ...period, substituteId: carl.userId })).statusCode).toBe(200);
    // Anna → Ben (away too) → Carl, who stands in for Anna, whose approval it was.
    const chained = await requested(annaAlone);
    expect(await stepApprovers(chained, 0)).toEqual([carl.userId]);
    expect((await standIns(chained))[0]).toEqual([['Carl', 'Anna']]);
    // One of the two went to Carl, who cannot take the other one as well: it stays.
    const both = await stepApprovers(await requested(annaAndBen), 0);
    expect(both).toHaveLength(2);
    expect(both).toContain(carl.userId);
    expect([anna.userId, ben.userId]).toContain(both.find((userId) => userId !== carl.userId));
    // Both away, covering for each other: nobody present, it stays.
    expect((await setAbsence(org.admin, ben.userId, { ...period, substituteId: anna.userId })).statusCode).toBe(200);
    expect(await stepApprovers(await requested(annaAlone), 0)).toEqual([anna.userId]);
    expect((await removeAbsence(org.admin, anna.userId)).statusCode).toBe(204);
    expect((await removeAbsence(org.admin, ben.userId)).statusCode).toBe(204);
  });

  it('an absence entered ahead moves nothing until its first morning, when the daily job hands on and mails', async () => {
    // Emil: nothing of the tests before waits for him.
    const emil = await addApprover(testApp, org.id, { name: 'Emil' });
    const flow = await flowOneAfterAnother(approvalClient(testApp, org.admin), [emil], 'Emil allein');
    const id = await requested(flow);
    const startsOn = addDaysIso(today, 2);
    const saved = await setAbsence(emil, emil.userId, { startsOn, endsOn: addDaysIso(today, 9), substituteId: dora.userId });
    expect(saved.json<ApprovalAbsenceSaved>()).toMatchObject({ handedOn: 0, absence: { isActive: false } });
    expect(await waitingFor(emil)).toContain(id);
    expect((await listAbsences(dora)).items.map((item) => [item.userName, item.substituteName, item.isActive])).toEqual([
      ['Emil', 'Dora', false],
    ]);

    const deps = { mailer: testApp.app.mailer, publicUrl: 'https://kontor.example.com' };
    expect(await handOnForAbsencesOfDay(testApp.database, deps, asOrgId(org.id), addDaysIso(today, 1))).toBe(0);
    expect(await handOnForAbsencesOfDay(testApp.database, deps, asOrgId(org.id), startsOn)).toBe(1);
    expect(await waitingFor(dora)).toContain(id);
    const mails = (await outboxFor(testApp, org.id, dora.email)).filter((mail) => mail.template === 'substitute_handed_on');
    expect(mails.map((mail) => mail.subject)).toEqual(['1 approval of Emil now waits for you']);
    expect(mails[0]!.textBody).toContain('https://kontor.example.com/urlaub-gmbh/invoices/my-approvals');
    expect((await removeAbsence(emil, emil.userId)).statusCode).toBe(204);
  });

  it('refuses someone else’s absence without team management, foreign members, bad substitutes and periods', async () => {
    const period = { startsOn: today, endsOn: addDaysIso(today, 1) };
    const forbidden = await setAbsence(anna, ben.userId, { ...period, substituteId: carl.userId });
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'absence_forbidden']);
    expect((await removeAbsence(anna, ben.userId)).json().code).toBe('absence_forbidden');

    const outsider = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    const foreign = await setAbsence(org.admin, outsider.admin.userId, { ...period, substituteId: anna.userId });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'absence_member_not_found']);
    for (const substituteId of [anna.userId, outsider.admin.userId]) {
      const refused = await setAbsence(anna, anna.userId, { ...period, substituteId }, 'de');
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'absence_substitute_invalid']);
      expect(refused.json().message).toContain('Vertretung');
    }

    const backwards = await setAbsence(
      anna,
      anna.userId,
      { startsOn: today, endsOn: addDaysIso(today, -1), substituteId: ben.userId },
      'de',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({ endsOn: ['Die Abwesenheit endet, bevor sie beginnt.'] });
    const over = await setAbsence(anna, anna.userId, {
      startsOn: addDaysIso(today, -9),
      endsOn: addDaysIso(today, -1),
      substituteId: ben.userId,
    });
    expect(over.json().fieldErrors).toEqual({ endsOn: ['The absence must not end in the past.'] });

    const missing = await removeAbsence(anna, anna.userId);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'absence_not_found']);
    expect((await listAbsences(anna)).items).toEqual([]);
  });
});
