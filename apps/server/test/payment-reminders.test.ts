import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import type { ArInvoice, PaymentReminder, ReminderPreview, ReminderTemplate } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { counterparties, mailOutbox, organizations, paymentReminders } from '../src/db/schema';
import type { OutboxMailer } from '../src/plugins/mailer';
import { runDailyReminders, runOrganizationReminders } from '../src/modules/payment-reminders/daily-run';
import { recordReminderDelivery } from '../src/modules/payment-reminders/reminder-repo';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { arInvoiceBody, insertCustomer } from './receivable-fixtures';

const template = (intervalDays: number, type = 'automatic', subject = 'Zahlungserinnerung {{invoiceNumber}}') => ({
  intervalDays,
  type,
  subject,
  header: 'Guten Tag,\n\nunsere Rechnung {{invoiceNumber}} über {{amount}} ist seit {{daysOverdue}} Tagen fällig.',
  footer: 'Mit freundlichen Grüßen\n{{company}}',
});

/** Issue 66: reminder templates, manual reminders with preview, the daily run and delivery statuses. */
describe('payment reminders', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let customer: string;
  const today = todayIso();

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Mahnwesen GmbH');
    customer = await insertCustomer(testApp, org.id, 'Säumig & Co. KG');
    await testApp.database.db
      .update(counterparties)
      .set({ email: 'info@saeumig.example', paymentReminderEmails: ['ap@saeumig.example'], paymentRemindersEnabled: true })
      .where(eq(counterparties.id, customer));
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie, { 'accept-language': 'en' }), ...(payload ? { payload } : {}) });
  const issue = async (dueDaysAgo: number, counterpartyId = customer): Promise<ArInvoice> => {
    const response = await call('POST', '/api/ar-invoices', {
      ...arInvoiceBody(counterpartyId, {
        invoiceDate: addDaysIso(today, -dueDaysAgo - 14),
        dueDate: addDaysIso(today, -dueDaysAgo),
      }),
      issue: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ArInvoice>();
  };
  const remindersOf = async (invoiceId: string) =>
    (await call('GET', `/api/ar-invoices/${invoiceId}/reminders`)).json<{ items: PaymentReminder[] }>().items;

  let manual: ReminderTemplate;

  it('keeps templates per interval: 1 to 366, each interval once, known placeholders, admins only', async () => {
    const created = await call(
      'POST',
      '/api/reminder-templates',
      template(10, 'manual_only', 'Letzte Mahnung {{invoiceNumber}}'),
    );
    expect(created.statusCode, created.body).toBe(201);
    manual = created.json<ReminderTemplate>();
    const twice = await call('POST', '/api/reminder-templates', template(10));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'reminder_interval_taken',
      message: 'A template with this interval (10 days) already exists.',
    });
    for (const intervalDays of [0, 367, 2.5]) {
      const outside = await call('POST', '/api/reminder-templates', template(intervalDays));
      expect(outside.statusCode).toBe(400);
      expect(outside.json().fieldErrors.intervalDays).toEqual(['The interval must be a whole number from 1 to 366 days.']);
    }
    const unknown = await call('POST', '/api/reminder-templates', template(11, 'automatic', 'Hallo {{kunde}}'));
    expect(unknown.json().fieldErrors.subject[0]).toContain('Unknown placeholder');

    const clerk = await addMember(testApp, org.id, ['ar_invoices:manage']);
    expect((await call('GET', '/api/reminder-templates', undefined, clerk.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/reminder-templates', template(12), clerk.cookie)).statusCode).toBe(403);

    const updated = await call('PUT', `/api/reminder-templates/${manual.id}`, {
      ...template(10, 'manual_only', 'Letzte Mahnung {{invoiceNumber}}!'),
      version: 1,
    });
    expect(updated.json<ReminderTemplate>()).toMatchObject({ version: 2, subject: 'Letzte Mahnung {{invoiceNumber}}!' });
    const stale = await call('PUT', `/api/reminder-templates/${manual.id}`, { ...template(10, 'manual_only'), version: 1 });
    expect(stale.statusCode).toBe(409);
    manual = updated.json<ReminderTemplate>();
  });

  it('previews and sends a reminder by hand, to the reminder addresses, with the delivery and the opening recorded', async () => {
    const invoice = await issue(20);
    const preview = (await call('GET', `/api/ar-invoices/${invoice.id}/reminders/preview`)).json<ReminderPreview>();
    expect(preview).toMatchObject({ templateId: manual.id, to: ['ap@saeumig.example'], skipReason: null });
    expect(preview.subject).toBe(`Letzte Mahnung ${invoice.invoiceNumber}!`);
    expect(preview.text).toContain('ist seit 20 Tagen fällig');
    expect(preview.text).toContain('1.977,47 €');
    expect(preview.text).toContain('Mahnwesen GmbH');

    const sent = await call('POST', `/api/ar-invoices/${invoice.id}/reminders`, { templateId: manual.id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<PaymentReminder>()).toMatchObject({ origin: 'manual', status: 'sent', recipients: ['ap@saeumig.example'] });
    const [row] = await testApp.database.db
      .select()
      .from(paymentReminders)
      .where(eq(paymentReminders.id, sent.json<PaymentReminder>().id));
    const [mail] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail).toMatchObject({ toAddresses: ['ap@saeumig.example'], template: 'payment_reminder' });
    expect(mail!.htmlBody).toContain(`http://localhost:3000/m/o/${row!.trackingToken}`);

    expect(await (testApp.app.mailer as OutboxMailer).deliver(mail!.id)).toBe('captured');
    const pixel = await testApp.app.inject({ method: 'GET', url: `/m/o/${row!.trackingToken}` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    await testApp.app.inject({ method: 'GET', url: `/m/o/${row!.trackingToken}` }); // opened twice: one event
    expect((await testApp.app.inject({ method: 'GET', url: '/m/o/unknown-token-of-some-length' })).statusCode).toBe(200);

    const [listed] = await remindersOf(invoice.id);
    expect(listed).toMatchObject({ status: 'delivered', sentBy: { id: org.admin.userId } });
    expect(listed!.events.map((event) => event.event)).toEqual(['sent', 'delivered', 'opened']);
  });

  it('links and attaches the invoice PDF where one was made; following the link marks the reminder clicked', async () => {
    await testApp.database.db
      .update(organizations)
      .set({
        companyDetails: { street: 'Hafenweg 1', postalCode: '20457', city: 'Hamburg', countryCode: 'DE', vatId: 'DE123456788' },
      })
      .where(eq(organizations.id, org.id));
    const invoice = await issue(12);
    const pdf = await call('GET', `/api/ar-invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const sent = (
      await call('POST', `/api/ar-invoices/${invoice.id}/reminders`, { templateId: manual.id })
    ).json<PaymentReminder>();
    const [row] = await testApp.database.db.select().from(paymentReminders).where(eq(paymentReminders.id, sent.id));
    const [mail] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    const link = `http://localhost:3000/m/d/${row!.trackingToken}`;
    expect(mail!.textBody).toContain(`Rechnung als PDF: ${link}`);
    expect(mail!.htmlBody).toContain(`<a href="${link}">`);
    expect(mail!.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

    const opened = await testApp.app.inject({ method: 'GET', url: `/m/d/${row!.trackingToken}` });
    expect(opened.statusCode).toBe(200);
    expect(Buffer.compare(opened.rawPayload, pdf.rawPayload)).toBe(0);
    expect((await testApp.app.inject({ method: 'GET', url: '/m/d/not-a-token-of-any-reminder' })).statusCode).toBe(404);
    const [listed] = await remindersOf(invoice.id);
    expect(listed!.events.map((event) => event.event)).toEqual(['sent', 'clicked']);
  });

  it('refuses a reminder by hand with the reason: not overdue, paid, no e-mail, a draft', async () => {
    const notDue = await issue(-3);
    const early = await call('POST', `/api/ar-invoices/${notDue.id}/reminders`, { templateId: manual.id });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('No payment reminder sent: the invoice is not overdue yet.');

    const paid = await issue(5);
    await call('POST', `/api/ar-invoices/${paid.id}/payments`, {
      version: paid.version,
      paidOn: today,
      amount: paid.totalAmount,
    });
    expect((await call('POST', `/api/ar-invoices/${paid.id}/reminders`, { templateId: manual.id })).json().message).toBe(
      'No payment reminder sent: the invoice is paid.',
    );

    const silent = await insertCustomer(testApp, org.id, 'Ohne Mail GmbH');
    const noMail = await issue(5, silent);
    expect((await call('POST', `/api/ar-invoices/${noMail.id}/reminders`, { templateId: manual.id })).json().message).toBe(
      'No payment reminder sent: the customer has no e-mail address.',
    );

    const draft = await call('POST', '/api/ar-invoices', { ...arInvoiceBody(customer), issue: false });
    expect(
      (await call('POST', `/api/ar-invoices/${draft.json<ArInvoice>().id}/reminders`, { templateId: manual.id })).statusCode,
    ).toBe(409);
    expect(await remindersOf(notDue.id)).toEqual([]);
  });

  it('runs daily: the latest reached automatic template once per receivable, also with two workers at once', async () => {
    const runOrg = await createOrganizationWithAdmin(testApp, 'Lauf GmbH');
    const runCustomer = await insertCustomer(testApp, runOrg.id, 'Kunde Lauf');
    const quiet = await insertCustomer(testApp, runOrg.id, 'Kunde ohne Erinnerungen');
    const noMail = await insertCustomer(testApp, runOrg.id, 'Kunde ohne Mail');
    await testApp.database.db
      .update(counterparties)
      .set({ email: 'lauf@kunde.example', paymentRemindersEnabled: true })
      .where(eq(counterparties.id, runCustomer));
    await testApp.database.db.update(counterparties).set({ email: 'quiet@kunde.example' }).where(eq(counterparties.id, quiet));
    await testApp.database.db.update(counterparties).set({ paymentRemindersEnabled: true }).where(eq(counterparties.id, noMail));
    const as = (cookie: string) => (method: 'POST', url: string, payload: object) =>
      testApp.app.inject({ method, url, headers: browser(cookie), payload });
    const post = as(runOrg.admin.cookie);
    for (const days of [7, 21]) expect((await post('POST', '/api/reminder-templates', template(days))).statusCode).toBe(201);
    const issueFor = async (counterpartyId: string, dueDaysAgo: number) =>
      (
        await post('POST', '/api/ar-invoices', {
          ...arInvoiceBody(counterpartyId, {
            invoiceDate: addDaysIso(today, -dueDaysAgo - 14),
            dueDate: addDaysIso(today, -dueDaysAgo),
          }),
          issue: true,
        })
      ).json<ArInvoice>();
    const late = await issueFor(runCustomer, 30);
    const first = await issueFor(runCustomer, 8);
    const fresh = await issueFor(runCustomer, 3);
    const off = await issueFor(quiet, 8);
    const mailless = await issueFor(noMail, 8);

    const deps = { database: testApp.database, mailer: testApp.app.mailer, publicUrl: 'http://localhost:3000' };
    const orgId = asOrgId(runOrg.id);
    const [one, two] = await Promise.all([
      runOrganizationReminders(deps, orgId, today),
      runOrganizationReminders(deps, orgId, today),
    ]);
    expect(one.sent + two.sent).toBe(2);
    expect((await runOrganizationReminders(deps, orgId, today)).sent).toBe(0);

    const rows = await testApp.database.db.select().from(paymentReminders).where(eq(paymentReminders.organizationId, runOrg.id));
    const byInvoice = (id: string) =>
      rows.filter((row) => row.arInvoiceId === id).map((row) => [row.intervalDays, row.status, row.skipReason]);
    expect(byInvoice(late.id)).toEqual([[21, 'sent', null]]); // the 7-day one is not sent after the 21-day one
    expect(byInvoice(first.id)).toEqual([[7, 'sent', null]]);
    expect(byInvoice(fresh.id)).toEqual([]);
    expect(byInvoice(off.id)).toEqual([[7, 'skipped', 'reminders_off']]);
    expect(byInvoice(mailless.id)).toEqual([[7, 'skipped', 'no_email']]);
    const mails = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, runOrg.id), eq(mailOutbox.template, 'payment_reminder')));
    expect(mails).toHaveLength(2);

    // The customer without an address gets one: the skipped reminder goes out on the next day's run
    // (not again the same day), as the reminder it was, once.
    await testApp.database.db
      .update(counterparties)
      .set({ email: 'endlich@adresse.example' })
      .where(eq(counterparties.id, noMail));
    expect((await runOrganizationReminders(deps, orgId, today)).sent).toBe(0);
    const tomorrow = addDaysIso(today, 1);
    const [next, again] = await Promise.all([
      runOrganizationReminders(deps, orgId, tomorrow),
      runOrganizationReminders(deps, orgId, tomorrow),
    ]);
    expect(next.sent + again.sent).toBe(1);
    const retried = await testApp.database.db
      .select()
      .from(paymentReminders)
      .where(eq(paymentReminders.arInvoiceId, mailless.id));
    expect(retried.map((row) => [row.intervalDays, row.status, row.skipReason, row.recipients])).toEqual([
      [7, 'sent', null, ['endlich@adresse.example']],
    ]);
    expect(retried[0]!.mailId).not.toBeNull();
    const offStill = await testApp.database.db.select().from(paymentReminders).where(eq(paymentReminders.arInvoiceId, off.id));
    expect(offStill.map((row) => [row.status, row.skipReason, row.runDate])).toEqual([['skipped', 'reminders_off', tomorrow]]);

    // A relay that gives up: the reminder fails.
    const failed = rows.find((row) => row.arInvoiceId === first.id)!;
    await testApp.database.withOrg({ orgId, userId: null }, (tx) => recordReminderDelivery(tx, failed.mailId!, 'failed'));
    const [after] = await testApp.database.db.select().from(paymentReminders).where(eq(paymentReminders.id, failed.id));
    expect(after!.status).toBe('failed');
  });

  it('resumes after a crash in the middle of an organisation: nothing half-sent, nothing twice', async () => {
    const crashOrg = await createOrganizationWithAdmin(testApp, 'Absturz GmbH');
    const crashCustomer = await insertCustomer(testApp, crashOrg.id, 'Kunde Absturz');
    await testApp.database.db
      .update(counterparties)
      .set({ email: 'absturz@kunde.example', paymentRemindersEnabled: true })
      .where(eq(counterparties.id, crashCustomer));
    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, headers: browser(crashOrg.admin.cookie), payload });
    await post('/api/reminder-templates', template(7));
    for (const days of [8, 9, 10]) {
      await post('/api/ar-invoices', {
        ...arInvoiceBody(crashCustomer, { invoiceDate: addDaysIso(today, -days - 14), dueDate: addDaysIso(today, -days) }),
        issue: true,
      });
    }
    let enqueued = 0;
    const crashing = {
      enqueue: async (...args: Parameters<typeof testApp.app.mailer.enqueue>) => {
        if (++enqueued === 2) throw new Error('worker died');
        return testApp.app.mailer.enqueue(...args);
      },
      onDelivery: () => undefined,
    };
    const orgId = asOrgId(crashOrg.id);
    const base = { database: testApp.database, publicUrl: 'http://localhost:3000' };
    await expect(runOrganizationReminders({ ...base, mailer: crashing }, orgId, today)).rejects.toThrow('worker died');
    const count = async (table: typeof paymentReminders | typeof mailOutbox) =>
      (await testApp.database.db.select().from(table).where(eq(table.organizationId, crashOrg.id))).length;
    expect(await count(paymentReminders)).toBe(0);
    expect(await count(mailOutbox)).toBe(0);
    expect((await runOrganizationReminders({ ...base, mailer: testApp.app.mailer }, orgId, today)).sent).toBe(3);
    expect((await runOrganizationReminders({ ...base, mailer: testApp.app.mailer }, orgId, today)).sent).toBe(0);
    expect(await count(mailOutbox)).toBe(3);
  });

  it('runs only on business mornings in the organisation time zone and region', async () => {
    const holidayOrg = await createOrganizationWithAdmin(testApp, 'Feiertag GmbH');
    await testApp.database.db
      .update(organizations)
      .set({ timeZone: 'Europe/Vienna', holidayRegion: 'AT-9' })
      .where(eq(organizations.id, holidayOrg.id));
    const deps = { database: testApp.database, mailer: testApp.app.mailer, publicUrl: 'http://localhost:3000' };
    // Whit Monday 2026 (25 May) 08:00 in Vienna: a holiday, nobody is reminded there.
    const whitMonday = await runDailyReminders(deps, new Date('2026-05-25T06:00:00Z'));
    // Saturday morning: a weekend for everyone.
    const saturday = await runDailyReminders(deps, new Date('2026-12-12T08:00:00Z'));
    expect(saturday.organizations).toBe(0);
    expect(whitMonday.organizations).toBe(0);
    // A Tuesday 06:30 in Berlin (05:30 UTC) is before the morning; 07:00 local is on.
    expect((await runDailyReminders(deps, new Date('2026-12-08T05:30:00Z'))).organizations).toBe(0);
    expect((await runDailyReminders(deps, new Date('2026-12-08T06:00:00Z'))).organizations).toBeGreaterThan(0);
  });
});
