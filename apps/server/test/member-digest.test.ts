import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTime, type ArInvoice, type NotificationOptionsResponse } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { arInvoices, mailOutbox, memberDigests, memberships, organizations, users } from '../src/db/schema';
import { runDailyDigests, runOrganizationDigests } from '../src/modules/member-digest/daily-digest';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { arInvoiceBody, insertCustomer } from './receivable-fixtures';

/** Berlin wall-clock time as an instant. */
const berlin = (date: string, hour: number) => zonedTime(date, hour, 'Europe/Berlin');

/** Issue 66 item 5: notification options per member and the digest of the previous day's paid receivables. */
describe('member digest: paid receivables', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let clerk: TestUser;
  let customer: string;
  const deps = () => ({
    database: testApp.database,
    mailer: testApp.app.mailer,
    publicUrl: 'https://kontor.example',
    secret: testApp.app.config.session.secret,
  });

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zahlungseingang GmbH');
    customer = await insertCustomer(testApp, org.id, 'Pünktlich & Söhne KG');
    clerk = await addMember(testApp, org.id, ['ar_invoices:manage']);
    await testApp.database.db.update(users).set({ locale: 'de', name: 'Anna Adler' }).where(eq(users.id, org.admin.userId));
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie, { 'accept-language': 'en' }), ...(payload ? { payload } : {}) });

  /** An issued invoice paid in full through the API, its paid_at moved to `paidAt`. */
  const paidInvoice = async (paidAt: Date, overrides: Parameters<typeof arInvoiceBody>[1] = {}): Promise<ArInvoice> => {
    const created = await call('POST', '/api/ar-invoices', { ...arInvoiceBody(customer, overrides), issue: true });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json<ArInvoice>();
    const paid = await call('POST', `/api/ar-invoices/${invoice.id}/payments`, {
      paidOn: '2026-12-01',
      amount: Math.abs(invoice.totalAmount),
      version: invoice.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await testApp.database.db.update(arInvoices).set({ paidAt }).where(eq(arInvoices.id, invoice.id));
    return paid.json<ArInvoice>();
  };
  const digestMails = async (userId?: string) => {
    const rows = await testApp.database.db
      .select({ mail: mailOutbox, digest: memberDigests })
      .from(memberDigests)
      .innerJoin(mailOutbox, eq(mailOutbox.id, memberDigests.mailId))
      .where(and(eq(memberDigests.organizationId, org.id), userId ? eq(memberDigests.userId, userId) : undefined));
    return rows;
  };
  const resetDigests = () => testApp.database.db.delete(memberDigests).where(eq(memberDigests.organizationId, org.id));

  it('keeps each member’s own options, offering only what their permissions let them see', async () => {
    expect((await call('GET', '/api/user/notification-options')).json<NotificationOptionsResponse>()).toEqual({
      options: [],
      available: [
        'new_invoices',
        'invoices_needing_approval',
        'invoices_ready_for_export',
        'transactions_due_soon',
        'payment_runs_needing_approval',
        'payment_runs_ready_for_export',
        'paid_receivables',
      ],
    });
    const saved = await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/user/notification-options')).json<NotificationOptionsResponse>().options).toEqual([
      'paid_receivables',
    ]);
    // The clerk's choice is their own: the admin's does not show there.
    expect((await call('GET', '/api/user/notification-options', undefined, clerk.cookie)).json().options).toEqual([]);

    const outsider = await addMember(testApp, org.id, ['ap_invoices:manage']);
    expect((await call('GET', '/api/user/notification-options', undefined, outsider.cookie)).json().available).toEqual([
      'new_invoices',
      'invoices_needing_approval',
      'invoices_ready_for_export',
    ]);
    const refused = await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] }, outsider.cookie);
    expect(refused.statusCode).toBe(400);
    // A rule key, as the other service-side field rules send it; the web shows its sentence.
    expect(refused.json().fieldErrors.options).toEqual(['notification_option_unavailable']);
    const unknown = await call('PUT', '/api/user/notification-options', { options: ['weekly_report'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('mails the receivables paid on the previous business day, largest first, in the member’s language', async () => {
    await resetDigests();
    // Tuesday 8 December 2026, 08:00 in Berlin: the digest reports Monday 7 December.
    const small = await paidInvoice(berlin('2026-12-07', 10), {
      lineItems: [{ description: 'Wartung', quantity: 1, unit: null, unitPrice: 10000, taxRate: 1900 }],
    });
    const large = await paidInvoice(berlin('2026-12-07', 23));
    await paidInvoice(berlin('2026-12-08', 6)); // today: tomorrow's digest
    await paidInvoice(berlin('2026-12-06', 12)); // Sunday: Monday's digest had it
    // A credit note paid out is a refund, not a payment received.
    const credit = await paidInvoice(berlin('2026-12-07', 11), { type: 'credit_note', correctedInvoiceId: small.id });
    expect(credit.status).toBe('paid');

    const counts = await runOrganizationDigests(deps(), asOrgId(org.id), berlin('2026-12-08', 8));
    expect(counts).toEqual({ mails: 1, quiet: 0 });
    const [sent] = await digestMails(org.admin.userId);
    expect(sent!.digest.digestDate).toBe('2026-12-08');
    const mail = sent!.mail;
    expect(mail.toAddresses).toEqual([org.admin.email]);
    expect(mail.template).toBe('member_digest');
    expect(mail.subject).toBe('2 Ausgangsrechnungen am 07.12.2026 bezahlt – Zahlungseingang GmbH');
    const lines = mail.textBody.split('\n');
    expect(lines).toContain('Guten Tag Anna Adler,');
    expect(lines).toContain('2 Ausgangsrechnungen am 07.12.2026 bezahlt. Zusammen 2.096,47 €.');
    const first = lines.findIndex((line) => line.includes(large.invoiceNumber!));
    const second = lines.findIndex((line) => line.includes(small.invoiceNumber!));
    expect(lines[first]).toBe(`- Pünktlich & Söhne KG, ${large.invoiceNumber}, 1.977,47 €, bezahlt am 01.12.2026`);
    expect(second).toBe(first + 1);
    expect(mail.textBody).toContain('Alle bezahlten Ausgangsrechnungen: https://kontor.example/');
    expect(mail.htmlBody).toContain(`/accounts-receivable/${large.id}"`);
    expect(mail.htmlBody).toContain('accounts-receivable?tab=paid');
  });

  it('stops an option through the mail’s signed link, without signing in, at once', async () => {
    const [sent] = await digestMails(org.admin.userId);
    const url = /https:\/\/kontor\.example(\/m\/u\/\S+)/.exec(sent!.mail.textBody)?.[1];
    expect(url).toBeDefined();
    expect(sent!.mail.htmlBody).toContain(`${url}"`);
    const optionsOfAdmin = async () =>
      (
        await testApp.database.db
          .select({ options: memberships.notificationOptions })
          .from(memberships)
          .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, org.admin.userId)))
      )[0]!.options;

    // Opening the link only asks (mail scanners open links); the button (or a one-click POST) acts.
    const asked = await testApp.app.inject({ method: 'GET', url: url! });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.body).toContain('„Bezahlte Ausgangsrechnungen“ abbestellen?');
    expect(asked.body).toContain(`<form method="post" action="${url}">`);
    expect(await optionsOfAdmin()).toContain('paid_receivables');

    const done = await testApp.app.inject({
      method: 'POST',
      url: url!,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Abbestellt');
    expect(await optionsOfAdmin()).not.toContain('paid_receivables');
    expect((await testApp.app.inject({ method: 'POST', url: url! })).statusCode).toBe(200); // twice: nothing more

    // Any change to the link breaks its signature; the page names nothing.
    const [payload, signature] = url!.slice('/m/u/'.length).split('.');
    const bytes = Buffer.from(payload!, 'base64url');
    bytes[32] = (bytes[32]! + 1) % 7; // another option of the same member
    const forged = `/m/u/${bytes.toString('base64url')}.${signature}`;
    const refused = await testApp.app.inject({ method: 'GET', url: forged, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('This link does not work');
    expect(refused.body).not.toContain(org.admin.email);
    await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] });
  });

  it('offers mail programs a one-click unsubscribe from every notification (List-Unsubscribe, RFC 8058)', async () => {
    await call('PUT', '/api/user/notification-options', { options: ['paid_receivables', 'new_invoices'] });
    const [sent] = await digestMails(org.admin.userId);
    const url = sent!.mail.unsubscribeUrl;
    expect(url).toMatch(/^https:\/\/kontor\.example\/m\/u\//);
    const path = url!.slice('https://kontor.example'.length);
    expect(sent!.mail.textBody).not.toContain(path); // the per-section links stay as they were

    const asked = await testApp.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
    expect(asked.body).toContain('„Alle E-Mail-Benachrichtigungen“ abbestellen?'); // the member's language
    const done = await testApp.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    const [membership] = await testApp.database.db
      .select({ options: memberships.notificationOptions })
      .from(memberships)
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, org.admin.userId)));
    expect(membership!.options).toEqual([]);
    await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] });
  });

  it('sends each member one digest a day, also with two workers at once', async () => {
    await resetDigests();
    await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] }, clerk.cookie);
    const morning = berlin('2026-12-08', 9);
    const [a, b] = await Promise.all([
      runOrganizationDigests(deps(), asOrgId(org.id), morning),
      runOrganizationDigests(deps(), asOrgId(org.id), morning),
    ]);
    expect(a.mails + b.mails).toBe(2); // the admin and the clerk, once each
    expect(await runOrganizationDigests(deps(), asOrgId(org.id), berlin('2026-12-08', 15))).toEqual({ mails: 0, quiet: 0 });
    const mails = await digestMails();
    expect(mails.map((row) => row.mail.toAddresses[0]).sort()).toEqual([org.admin.email, clerk.email].sort());
    // The clerk has no language set: English.
    expect(mails.find((row) => row.digest.userId === clerk.userId)!.mail.subject).toBe(
      '2 receivables paid on 7 Dec 2026 – Zahlungseingang GmbH',
    );
  });

  it('writes no mail when nothing was paid, and does not look again that day', async () => {
    await resetDigests();
    // Thursday 10 December: nothing was paid on the 9th.
    expect(await runOrganizationDigests(deps(), asOrgId(org.id), berlin('2026-12-10', 8))).toEqual({ mails: 0, quiet: 2 });
    const rows = await testApp.database.db.select().from(memberDigests).where(eq(memberDigests.organizationId, org.id));
    expect(rows.map((row) => row.mailId)).toEqual([null, null]);
    expect(await runOrganizationDigests(deps(), asOrgId(org.id), berlin('2026-12-10', 10))).toEqual({ mails: 0, quiet: 0 });
  });

  it('reports Friday to Sunday on a Monday, and leaves out a member who lost the permission', async () => {
    await resetDigests();
    await paidInvoice(berlin('2026-12-11', 17)); // Friday
    await paidInvoice(berlin('2026-12-13', 20)); // Sunday
    await paidInvoice(berlin('2026-12-10', 23)); // Thursday: Friday's digest
    await testApp.database.db
      .update(memberships)
      .set({ permissions: [] })
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, clerk.userId)));
    expect(await runOrganizationDigests(deps(), asOrgId(org.id), berlin('2026-12-14', 7))).toEqual({ mails: 1, quiet: 1 });
    const [sent] = await digestMails(org.admin.userId);
    expect(sent!.mail.subject).toBe('2 Ausgangsrechnungen vom 11.12.2026 bis 13.12.2026 bezahlt – Zahlungseingang GmbH');
    await testApp.database.db
      .update(memberships)
      .set({ permissions: ['ar_invoices:manage'] })
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, clerk.userId)));
  });

  it('stamps paid_at when a receivable becomes paid and clears it when it is marked unpaid', async () => {
    const invoice = await paidInvoice(new Date());
    const [paid] = await testApp.database.db.select().from(arInvoices).where(eq(arInvoices.id, invoice.id));
    expect(paid!.paidAt).not.toBeNull();
    const unpaid = await call('POST', `/api/ar-invoices/${invoice.id}/unpaid`, { version: invoice.version });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const [row] = await testApp.database.db.select().from(arInvoices).where(eq(arInvoices.id, invoice.id));
    expect(row!.paidAt).toBeNull();
  });

  it('sends a member a sample of their digest at once, without taking the morning’s', async () => {
    await resetDigests();
    const sample = (cookie: string, language = 'en') =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/user/notification-options/sample',
        headers: browser(cookie, { 'accept-language': language }),
      });
    const newcomer = await addMember(testApp, org.id, ['ar_invoices:manage']);
    const nothingChosen = await sample(newcomer.cookie);
    expect(nothingChosen.statusCode).toBe(422);
    expect(nothingChosen.json()).toMatchObject({
      code: 'digest_nothing_chosen',
      message: 'Switch on at least one e-mail notification first.',
    });

    await call('PUT', '/api/user/notification-options', { options: ['paid_receivables'] }, newcomer.cookie);
    // The earlier tests' payments lie in December 2026, the real calendar's too: out of the way.
    await testApp.database.db
      .update(arInvoices)
      .set({ paidAt: new Date('2020-01-01T12:00:00Z') })
      .where(and(eq(arInvoices.organizationId, org.id), eq(arInvoices.status, 'paid')));
    const quietDay = await sample(newcomer.cookie, 'de');
    expect(quietDay.statusCode).toBe(422);
    expect(quietDay.json().code).toBe('digest_nothing_to_report');
    expect(quietDay.json().message).toMatch(/^Nichts zu berichten (am|vom) \d\d\.\d\d\.\d{4}/);

    // Paid at noon yesterday (Berlin): inside the period whatever day the test runs on.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    const invoice = await paidInvoice(berlin(yesterday, 12));
    const sent = await sample(newcomer.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ to: newcomer.email });
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'member_digest'), sql`${newcomer.email} = any(${mailOutbox.toAddresses})`));
    expect(mail!.textBody).toContain(invoice.invoiceNumber!);
    expect(await testApp.database.db.select().from(memberDigests).where(eq(memberDigests.userId, newcomer.userId))).toEqual([]);
  });

  it('runs on business mornings in the organisation’s time zone and region only', async () => {
    await resetDigests();
    const quiet = await createOrganizationWithAdmin(testApp, 'Wien Forderungen GmbH');
    await testApp.database.db
      .update(organizations)
      .set({ timeZone: 'Europe/Vienna', holidayRegion: 'AT' })
      .where(eq(organizations.id, quiet.id));
    await testApp.database.db
      .update(memberships)
      .set({ notificationOptions: ['paid_receivables'] })
      .where(eq(memberships.organizationId, quiet.id));
    const orgIds = [org.id, quiet.id];
    const ran = async (now: Date) => {
      await runDailyDigests(deps(), now);
      const rows = await testApp.database.db
        .select({ org: memberDigests.organizationId })
        .from(memberDigests)
        .where(inArray(memberDigests.organizationId, orgIds));
      await testApp.database.db.delete(memberDigests).where(inArray(memberDigests.organizationId, orgIds));
      return [...new Set(rows.map((row) => row.org))].sort();
    };
    expect(await ran(berlin('2026-12-12', 9))).toEqual([]); // Saturday
    expect(await ran(berlin('2026-12-09', 6))).toEqual([]); // 06:00: before the morning
    // Tuesday 8 December: Mariä Empfängnis is a holiday in Austria, not in Germany.
    expect(await ran(berlin('2026-12-08', 9))).toEqual([org.id]);
    expect(await ran(berlin('2026-12-09', 9))).toEqual(orgIds.sort());
  });
});
