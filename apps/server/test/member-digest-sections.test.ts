import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTime, type NotificationOption, type NotificationOptionsResponse, type PaymentRun } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import {
  approvalItems,
  approvalRequests,
  type invoices,
  mailOutbox,
  memberDigests,
  memberships,
  paymentRuns,
  users,
} from '../src/db/schema';
import { runOrganizationDigests } from '../src/modules/member-digest/daily-digest';
import { addApprover, APPROVABLE_BASE_FIELDS, approvalClient, flowBody } from './approval-fixtures';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';
import { createRunFlow, insertOpenTransaction, runClient } from './payment-runs-fixtures';

/** Berlin wall-clock time as an instant. */
const berlin = (date: string, hour: number, minute = 0) =>
  new Date(zonedTime(date, hour, 'Europe/Berlin').getTime() + minute * 60_000);

/** Tuesday 8 December 2026, 08:00 in Berlin: the digest reports Monday 7 December; due soon runs to the 15th. */
const MORNING = berlin('2026-12-08', 8);

/** Issue 68 item 1: the six sections besides the paid receivables, each member's own approvals, and the cost per organisation. */
describe('member digest: the sections of SPEC §6', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let clerk: TestUser;
  let treasurer: TestUser;
  const deps = () => ({
    database: testApp.database,
    mailer: testApp.app.mailer,
    publicUrl: 'https://kontor.example',
    secret: testApp.app.config.session.secret,
  });
  const orgUrl = () => `https://kontor.example/${org.slug}`;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Digest GmbH');
    clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    treasurer = await addMember(testApp, org.id, ['payment_runs:manage']);
  });
  afterAll(async () => testApp.close());

  /** Exactly these members choose these options; everyone else in `orgId` chooses nothing. */
  const choose = async (choices: [TestUser, NotificationOption[]][], orgId = org.id) => {
    await testApp.database.db.update(memberships).set({ notificationOptions: [] }).where(eq(memberships.organizationId, orgId));
    for (const [member, options] of choices) {
      await testApp.database.db
        .update(memberships)
        .set({ notificationOptions: options })
        .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, member.userId)));
    }
  };
  /** Runs the morning's digests afresh (yesterday's rows of the day removed first). */
  const runMorning = async (orgId = org.id) => {
    await testApp.database.db.delete(memberDigests).where(eq(memberDigests.organizationId, orgId));
    return runOrganizationDigests(deps(), asOrgId(orgId), MORNING);
  };
  const mailOf = async (member: TestUser, orgId = org.id) => {
    const [row] = await testApp.database.db
      .select({ mail: mailOutbox })
      .from(memberDigests)
      .innerJoin(mailOutbox, eq(mailOutbox.id, memberDigests.mailId))
      .where(and(eq(memberDigests.organizationId, orgId), eq(memberDigests.userId, member.userId)));
    return row?.mail ?? null;
  };
  const textLines = (mail: { textBody: string }) => mail.textBody.split('\n');
  const available = async (member: TestUser) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/user/notification-options', headers: browser(member.cookie) })
    ).json<NotificationOptionsResponse>().available;

  it('offers each option to the members whose permissions show its content', async () => {
    expect(await available(org.admin)).toEqual([
      'new_invoices',
      'invoices_needing_approval',
      'invoices_ready_for_export',
      'transactions_due_soon',
      'payment_runs_needing_approval',
      'payment_runs_ready_for_export',
      'paid_receivables',
    ]);
    expect(await available(clerk)).toEqual(['new_invoices', 'invoices_needing_approval', 'invoices_ready_for_export']);
    expect(await available(treasurer)).toEqual([
      'invoices_needing_approval',
      'transactions_due_soon',
      'payment_runs_needing_approval',
      'payment_runs_ready_for_export',
    ]);
    // An approver of invoices needs no permission; a payment run is opened and approved only with payment_runs:manage.
    const plain = await addMember(testApp, org.id, []);
    expect(await available(plain)).toEqual(['invoices_needing_approval']);
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/notification-options',
      headers: browser(plain.cookie),
      payload: { options: ['payment_runs_needing_approval'] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('new invoices: those that arrived during the period, newest first, ten listed and the rest counted', async () => {
    await choose([[clerk, ['new_invoices']]]);
    const arrived: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      arrived.push(
        await insertInvoiceRow(testApp, org.id, {
          createdAt: berlin('2026-12-07', 9, index),
          counterpartyName: `Lieferant ${index}`,
          invoiceNumber: `NEU-${index}`,
          totalAmount: 10_000 * (index + 1),
          currency: 'EUR',
        }),
      );
    }
    // Still being read at 23:30: nothing known but its arrival (status counts any way it arrived).
    const unread = await insertInvoiceRow(testApp, org.id, { createdAt: berlin('2026-12-07', 23, 30), ocrStatus: 'pending' });
    await insertInvoiceRow(testApp, org.id, { createdAt: berlin('2026-12-06', 23, 59), invoiceNumber: 'SONNTAG' }); // Monday's digest
    await insertInvoiceRow(testApp, org.id, { createdAt: berlin('2026-12-08', 6), invoiceNumber: 'HEUTE' }); // tomorrow's
    await insertInvoiceRow(testApp, org.id, {
      createdAt: berlin('2026-12-07', 12),
      status: 'cancelled',
      invoiceNumber: 'STORNO',
    });

    expect(await runMorning()).toEqual({ mails: 1, quiet: 0 });
    const mail = (await mailOf(clerk))!;
    expect(mail.subject).toBe('13 invoices received on 7 Dec 2026 – Digest GmbH');
    const lines = textLines(mail);
    const first = lines.indexOf('- Unknown counterparty, without number, no amount');
    expect(first).toBeGreaterThan(0);
    expect(lines.slice(first + 1, first + 3)).toEqual(['- Lieferant 11, NEU-11, €1,200.00', '- Lieferant 10, NEU-10, €1,100.00']);
    expect(lines).toContain('… and 3 more.');
    expect(mail.textBody).not.toMatch(/SONNTAG|HEUTE|STORNO|NEU-1,|NEU-0,/);
    expect(mail.textBody).toContain(`All new invoices: ${orgUrl()}/invoices/new\n`);
    expect(mail.htmlBody).toContain(`href="${orgUrl()}/invoices/new/${unread}"`);
    expect(mail.htmlBody).toContain(`href="${orgUrl()}/invoices/new/${arrived[11]}"`);
  });

  it('invoices needing approval: only what waits for the member, by due date, in their language', async () => {
    const anna = await addApprover(testApp, org.id, { name: 'Anna Adler', locale: 'de' });
    const ben = await addApprover(testApp, org.id, { name: 'Ben Berg' });
    const carla = await addApprover(testApp, org.id, { name: 'Carla Cruz' });
    const admin = approvalClient(testApp, org.admin);
    const annaFlow = (await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Anna' }))).json<{
      id: string;
    }>();
    const benFlow = (
      await admin.createFlow(flowBody([{ approvers: [ben], required: 1 }], { name: 'Ben', isDefault: false }))
    ).json<{ id: string }>();
    const waiting = async (flowId: string, dueDate: string, invoiceNumber: string) => {
      const id = await insertInvoiceRow(testApp, org.id, {
        ...APPROVABLE_BASE_FIELDS,
        uploadedBy: org.admin.userId,
        counterpartyName: 'Papier & Co. KG',
        invoiceNumber,
        totalAmount: 123_456,
        currency: 'EUR',
        dueDate,
      });
      const requested = await admin.requestApproval(id, 1, flowId);
      expect(requested.statusCode, requested.body).toBe(200);
      return id;
    };
    await waiting(annaFlow.id, '2026-12-20', 'FRG-SPAET');
    const soon = await waiting(annaFlow.id, '2026-12-10', 'FRG-BALD');
    const bens = await waiting(benFlow.id, '2026-12-01', 'FRG-BEN');
    await choose([
      [anna, ['invoices_needing_approval']],
      [ben, ['invoices_needing_approval']],
      [carla, ['invoices_needing_approval']],
    ]);

    // Carla chose the option, but nothing waits for her: no mail.
    expect(await runMorning()).toEqual({ mails: 2, quiet: 1 });
    const annas = (await mailOf(anna))!;
    expect(annas.subject).toBe('2 Rechnungen warten auf Ihre Freigabe – Digest GmbH');
    const lines = textLines(annas);
    const first = lines.indexOf('- Papier & Co. KG, FRG-BALD, 1.234,56 €, fällig am 10.12.2026');
    expect(first).toBeGreaterThan(0);
    expect(lines[first + 1]).toBe('- Papier & Co. KG, FRG-SPAET, 1.234,56 €, fällig am 20.12.2026');
    expect(annas.textBody).not.toContain('FRG-BEN');
    expect(annas.textBody).toContain(`Meine Freigaben: ${orgUrl()}/invoices/my-approvals\n`);
    expect(annas.htmlBody).toContain(`href="${orgUrl()}/invoices/my-approvals/${soon}"`);

    const bensMail = (await mailOf(ben))!;
    expect(bensMail.subject).toBe('1 invoice is waiting for your approval – Digest GmbH');
    expect(textLines(bensMail)).toContain('- Papier & Co. KG, FRG-BEN, €1,234.56, due on 1 Dec 2026');
    expect(bensMail.textBody).not.toMatch(/FRG-BALD|FRG-SPAET/);
    expect(bensMail.htmlBody).toContain(`/invoices/my-approvals/${bens}"`);
    expect(await mailOf(carla)).toBeNull();
  });

  it('invoices ready for export: approved and not being exported, oldest invoice date first, with the total', async () => {
    await choose([[clerk, ['invoices_ready_for_export']]]);
    const ready = (invoiceNumber: string, date: string | null, totalAmount: number, values = {}) =>
      insertInvoiceRow(testApp, org.id, {
        status: 'approved',
        counterpartyName: 'Büro König',
        invoiceNumber,
        date,
        totalAmount,
        currency: 'EUR',
        ...values,
      });
    await ready('EXP-NOV20', '2026-11-20', 10_000);
    const oldest = await ready('EXP-NOV05', '2026-11-05', 20_000);
    await ready('EXP-OHNE', null, 5_000);
    await ready('EXP-LAEUFT', '2026-11-01', 1_000, { exportingJobId: randomUUID() }); // an export is writing it
    await ready('EXP-FERTIG', '2026-11-01', 1_000, { status: 'exported' });

    expect(await runMorning()).toEqual({ mails: 1, quiet: 0 });
    const mail = (await mailOf(clerk))!;
    expect(mail.subject).toBe('3 invoices ready for export – Digest GmbH');
    const lines = textLines(mail);
    expect(lines).toContain('3 invoices ready for export. Together €350.00.');
    const first = lines.indexOf('- Büro König, EXP-NOV05, €200.00, dated 5 Nov 2026');
    expect(lines.slice(first, first + 3)).toEqual([
      '- Büro König, EXP-NOV05, €200.00, dated 5 Nov 2026',
      '- Büro König, EXP-NOV20, €100.00, dated 20 Nov 2026',
      '- Büro König, EXP-OHNE, €50.00, no invoice date',
    ]);
    expect(mail.textBody).not.toMatch(/EXP-LAEUFT|EXP-FERTIG/);
    expect(mail.textBody).toContain(`Export them: ${orgUrl()}/export/invoices\n`);
    expect(mail.htmlBody).toContain(`href="${orgUrl()}/invoices/approved/${oldest}"`);
  });

  it('transactions due within 7 days: unpaid up to today + 7 in the organisation’s time zone, overdue ones included', async () => {
    await choose([[treasurer, ['transactions_due_soon']]]);
    const due = (creditorName: string, requestedExecutionDate: string, amount: number, values = {}) =>
      insertOpenTransaction(testApp, org.id, { creditorName, requestedExecutionDate, amount, ...values });
    const overdue = await due('Spät AG', '2026-12-07', 5_000);
    await due('Grenze KG', '2026-12-15', 7_000); // today + 7: still in
    await due('Heute GmbH', '2026-12-08', 3_000);
    await due('Später GmbH', '2026-12-16', 9_000); // today + 8
    await due('Archiv GmbH', '2026-12-09', 9_000, { status: 'archived' });
    await due('Storno GmbH', '2026-12-09', 9_000, { status: 'cancelled_archived' });

    expect(await runMorning()).toEqual({ mails: 1, quiet: 0 });
    const mail = (await mailOf(treasurer))!;
    expect(mail.subject).toBe('3 payments due by 15 Dec 2026 – Digest GmbH');
    const lines = textLines(mail);
    expect(lines).toContain('3 payments due by 15 Dec 2026. Together €150.00. 1 of them overdue.');
    const first = lines.indexOf('- Spät AG, €50.00, overdue since 7 Dec 2026');
    expect(lines.slice(first, first + 3)).toEqual([
      '- Spät AG, €50.00, overdue since 7 Dec 2026',
      '- Heute GmbH, €30.00, due on 8 Dec 2026',
      '- Grenze KG, €70.00, due on 15 Dec 2026',
    ]);
    expect(mail.textBody).not.toMatch(/Später GmbH|Archiv GmbH|Storno GmbH/);
    expect(mail.textBody).toContain(`All payments due soon: ${orgUrl()}/transaction-dashboard\n`);
    expect(mail.htmlBody).toContain(`href="${orgUrl()}/transactions?view=all&amp;id=${overdue}"`);
  });

  it('payment runs: those waiting for the member’s approval, and the approved ones ready to export', async () => {
    const pia = await addApprover(testApp, org.id, { name: 'Pia Prüferin', permissions: ['payment_runs:manage'] });
    const quentin = await addApprover(testApp, org.id, { name: 'Quentin Quast', permissions: ['payment_runs:manage'] });
    await createRunFlow(testApp, org.admin, [pia]);
    const quentinFlow = (
      await approvalClient(testApp, org.admin).createFlow(
        flowBody([{ approvers: [quentin], required: 1 }], { name: 'Quentin', type: 'payment_run', isDefault: false }),
      )
    ).json<{ id: string }>();
    const admin = runClient(testApp, org.admin);
    const newRun = async (amounts: number[], name?: string) => {
      const ids = [];
      for (const amount of amounts)
        ids.push(await insertOpenTransaction(testApp, org.id, { amount, requestedExecutionDate: '2030-01-15' }));
      const created = await admin.create(ids, name);
      expect(created.statusCode, created.body).toBe(201);
      return created.json<PaymentRun>();
    };
    const forPia = await newRun([10_000, 2_500], 'Lieferanten KW 50');
    const forQuentin = await newRun([4_000]);
    const approved = await newRun([99_900]);
    await newRun([1_000]); // a draft: neither waits nor is ready
    for (const [run, flowId] of [
      [forPia, undefined],
      [forQuentin, quentinFlow.id],
      [approved, undefined],
    ] as const) {
      expect((await admin.requestApproval(run.id, 1, flowId)).statusCode).toBe(200);
    }
    expect((await runClient(testApp, pia).approve(approved.id, 2)).json<PaymentRun>().status).toBe('approved');
    await choose([
      [pia, ['payment_runs_needing_approval']],
      [quentin, ['payment_runs_needing_approval']],
      [treasurer, ['payment_runs_ready_for_export']],
    ]);

    expect(await runMorning()).toEqual({ mails: 3, quiet: 0 });
    const pias = (await mailOf(pia))!;
    expect(pias.subject).toBe('1 payment run is waiting for your approval – Digest GmbH');
    expect(textLines(pias)).toContain(
      `- PR-${forPia.number} (Lieferanten KW 50), 2 payments, €125.00, first execution on 15 Jan 2030`,
    );
    expect(pias.textBody).not.toContain(`PR-${forQuentin.number},`);
    expect(pias.htmlBody).toContain(`href="${orgUrl()}/pr/${forPia.id}"`);
    expect(pias.textBody).toContain(`All payment runs: ${orgUrl()}/pr\n`);
    const quentins = (await mailOf(quentin))!;
    expect(textLines(quentins)).toContain(`- PR-${forQuentin.number}, 1 payment, €40.00, first execution on 15 Jan 2030`);
    expect(quentins.textBody).not.toContain(`PR-${forPia.number} `);

    const ready = (await mailOf(treasurer))!;
    expect(ready.subject).toBe('1 approved payment run ready to export – Digest GmbH');
    expect(textLines(ready)).toContain(`- PR-${approved.number}, 1 payment, €999.00, first execution on 15 Jan 2030`);
    expect(ready.textBody).toContain(`Export the SEPA files: ${orgUrl()}/export/transactions\n`);

    // Once the SEPA file is written the run is exported and no longer ready.
    await testApp.database.db
      .update(paymentRuns)
      .set({ status: 'exported', exportFileKey: 'org/sepa.xml' })
      .where(eq(paymentRuns.id, approved.id));
    await choose([[treasurer, ['payment_runs_ready_for_export']]]);
    expect(await runMorning()).toEqual({ mails: 0, quiet: 1 });
  });

  it('puts several sections in one mail and sends nothing when none of the chosen ones has anything', async () => {
    await choose([[org.admin, ['new_invoices', 'invoices_ready_for_export', 'transactions_due_soon', 'paid_receivables']]]);
    await testApp.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, org.admin.userId));
    expect(await runMorning()).toEqual({ mails: 1, quiet: 0 });
    const mail = (await mailOf(org.admin))!;
    expect(mail.subject).toBe('Ihre tägliche Übersicht – Digest GmbH');
    const lines = textLines(mail);
    // In the order of the options; the paid receivables have nothing to say and are left out.
    // (How many invoices arrived on the 7th depends on the day the tests run: the other tests' rows are created now.)
    const headings = [
      /^\d+ Rechnungen am 07\.12\.2026 eingegangen\.$/,
      /^3 Rechnungen bereit zum Export\. Zusammen 350,00 €\.$/,
      /^3 Zahlungen bis 15\.12\.2026 fällig\. Zusammen 150,00 €\. Davon 1 überfällig\.$/,
    ].map((heading) => lines.findIndex((line) => heading.test(line)));
    expect(headings.every((index) => index > 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(mail.textBody).not.toContain('bezahlt');

    // A quiet organisation: every option chosen, nothing to report anywhere.
    const quiet = await createOrganizationWithAdmin(testApp, 'Ruhig GmbH');
    await choose(
      [
        [
          quiet.admin,
          [
            'new_invoices',
            'invoices_needing_approval',
            'invoices_ready_for_export',
            'transactions_due_soon',
            'payment_runs_needing_approval',
            'payment_runs_ready_for_export',
            'paid_receivables',
          ],
        ],
      ],
      quiet.id,
    );
    expect(await runMorning(quiet.id)).toEqual({ mails: 0, quiet: 1 });
    expect(await mailOf(quiet.admin, quiet.id)).toBeNull();
  });

  describe('cost per organisation', () => {
    const ALL: NotificationOption[] = [
      'new_invoices',
      'invoices_needing_approval',
      'invoices_ready_for_export',
      'transactions_due_soon',
      'payment_runs_needing_approval',
      'payment_runs_ready_for_export',
      'paid_receivables',
    ];

    /** Something for every section, and an invoice and a payment run waiting for each member. */
    const seed = async (memberCount: number) => {
      const seeded = await createOrganizationWithAdmin(testApp, `Kosten ${memberCount} GmbH`);
      const members = [seeded.admin];
      for (let index = 1; index < memberCount; index += 1) members.push(await addMember(testApp, seeded.id, [], 'admin'));
      await choose(
        members.map((member) => [member, ALL]),
        seeded.id,
      );
      const invoice = (values: Partial<typeof invoices.$inferInsert>) =>
        insertInvoiceRow(testApp, seeded.id, { counterpartyName: 'Kosten KG', totalAmount: 1_000, currency: 'EUR', ...values });
      await invoice({ createdAt: berlin('2026-12-07', 10) });
      await invoice({ status: 'approved', date: '2026-11-01' });
      const inApproval = await invoice({ status: 'in_approval', dueDate: '2026-12-20' });
      await insertOpenTransaction(testApp, seeded.id, { requestedExecutionDate: '2026-12-09' });
      const run = async (number: number, status: 'approved' | 'in_approval') => {
        const [row] = await testApp.database.db
          .insert(paymentRuns)
          .values({ organizationId: seeded.id, number, status })
          .returning();
        await insertOpenTransaction(testApp, seeded.id, {
          status: status === 'approved' ? 'approved' : 'planned',
          paymentRunId: row!.id,
          requestedExecutionDate: '2030-01-15',
        });
        return row!.id;
      };
      await run(1, 'approved');
      const waitingRun = await run(2, 'in_approval');
      for (const [entityType, entityId] of [
        ['invoice', inApproval],
        ['payment_run', waitingRun],
      ] as const) {
        const [request] = await testApp.database.db
          .insert(approvalRequests)
          .values({ organizationId: seeded.id, entityType, entityId, flowName: 'Alle', requiredApprovals: [1] })
          .returning();
        await testApp.database.db.insert(approvalItems).values(
          members.map((member) => ({
            organizationId: seeded.id,
            requestId: request!.id,
            entityType,
            entityId,
            step: 0,
            approverId: member.userId,
            isWaiting: true,
          })),
        );
      }
      return seeded;
    };

    /** The statements sent to PostgreSQL while `work` runs, by any client of this process. */
    const statementsOf = async <T>(work: () => Promise<T>) => {
      const original = pg.Client.prototype.query;
      const texts: string[] = [];
      pg.Client.prototype.query = function counting(this: pg.Client, ...args: unknown[]) {
        const [config] = args as [string | { text?: string } | undefined];
        texts.push(typeof config === 'string' ? config : (config?.text ?? ''));
        return (original as (...parameters: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        return { result: await work(), texts };
      } finally {
        pg.Client.prototype.query = original;
      }
    };
    /** Reads of the digest itself: not the outbox's transaction id per mail, nor the job queue's. */
    const digestReads = (texts: string[]) =>
      texts.filter((text) => /^\s*select/i.test(text) && !/txid_current|pgboss/i.test(text));

    it('reads each section once per organisation, however many members read it', async () => {
      const small = await seed(2);
      const large = await seed(10);
      const smallRun = await statementsOf(() => runOrganizationDigests(deps(), asOrgId(small.id), MORNING));
      const largeRun = await statementsOf(() => runOrganizationDigests(deps(), asOrgId(large.id), MORNING));
      expect(smallRun.result).toEqual({ mails: 2, quiet: 0 });
      expect(largeRun.result).toEqual({ mails: 10, quiet: 0 });
      // Every member's mail holds all six sections with something to say, their own approvals included.
      const mail = (await mailOf(large.admin, large.id))!;
      expect(mail.textBody).toContain('1 invoice is waiting for your approval.');
      expect(mail.textBody).toContain('1 payment run is waiting for your approval.');

      const smallReads = digestReads(smallRun.texts);
      const largeReads = digestReads(largeRun.texts);
      console.info(
        `digest statements per organisation: ${smallReads.length} reads with 2 members, ${largeReads.length} with 10; ` +
          `all statements ${smallRun.texts.length} and ${largeRun.texts.length}`,
      );
      expect(largeReads.length).toBe(smallReads.length);
      // The organisation, its readers and the sections (at most two queries each).
      expect(largeReads.length).toBeLessThanOrEqual(2 + 2 * ALL.length);
    });
  });
});
