import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arInvoices, emailImports, mailOutbox, paymentReminders } from '../src/db/schema';
import { bounceAddressFor } from '../src/plugins/mail-references';
import { OPENAPI_JSON_PATH } from '../src/plugins/openapi';
import { signWebhookBody } from '../src/modules/mail-events/webhook-signature';
import { arfComplaint, postfixBounce, postfixDelay, type ReportTarget } from './delivery-report-fixtures';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, freePort, type TestApp } from './harness';
import { insertCustomer } from './receivable-fixtures';

const DOMAIN = 'import.kontor.test';
const SECRET = 'mail-webhook-secret-for-tests';
const RECIPIENT = 'ap@saeumig.example';

/** A payment reminder whose mail the relay took: status sent, its outbox row with a Message-ID. */
async function insertSentReminder(testApp: TestApp, org: TestOrganization, template: string | null = 'payment_reminder') {
  const mailId = randomUUID();
  const messageId = `<${mailId}@kontor.example>`;
  await testApp.database.db.insert(mailOutbox).values({
    id: mailId,
    organizationId: org.id,
    toAddresses: [RECIPIENT],
    fromAddress: 'Kontor <no-reply@kontor.example>',
    subject: 'Zahlungserinnerung',
    textBody: 'x',
    template,
    status: 'sent',
    messageId,
    sentAt: new Date(),
  });
  if (!template) return { mailId, messageId, reminderId: null };
  const [invoice] = await testApp.database.db
    .insert(arInvoices)
    .values({
      organizationId: org.id,
      type: 'invoice',
      status: 'outstanding',
      invoiceNumber: `RE-${randomUUID().slice(0, 8)}`,
      counterpartyId: await insertCustomer(testApp, org.id),
      invoiceDate: '2026-11-01',
      dueDate: '2026-11-30',
      netAmount: 10000,
      taxAmount: 1900,
      totalAmount: 11900,
    })
    .returning();
  const [reminder] = await testApp.database.db
    .insert(paymentReminders)
    .values({
      organizationId: org.id,
      arInvoiceId: invoice!.id,
      origin: 'manual',
      status: 'sent',
      recipients: [RECIPIENT],
      mailId,
      events: [{ event: 'sent', at: new Date().toISOString() }],
    })
    .returning();
  return { mailId, messageId, reminderId: reminder!.id };
}

async function reminderOf(testApp: TestApp, reminderId: string) {
  const [row] = await testApp.database.db.select().from(paymentReminders).where(eq(paymentReminders.id, reminderId));
  return { status: row!.status, events: row!.events.map((entry) => entry.event) };
}

/** Issue 66 item 4: bounces (DSN, ARF) on the mail listener and the provider webhook move reminders. */
describe('delivery events of sent mail', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let transport: nodemailer.Transporter;

  beforeAll(async () => {
    const port = await freePort();
    testApp = await createTestApp({
      env: { SMTP_IMPORT_PORT: String(port), SMTP_IMPORT_HOST: '127.0.0.1', MAIL_DOMAIN: DOMAIN, MAIL_WEBHOOK_SECRET: SECRET },
    });
    org = await createOrganizationWithAdmin(testApp, 'Zustellung GmbH');
    transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    transport.close();
    await testApp.close();
  });

  /** As an MTA returns a report: from the null sender to the bounce address. */
  const sendReport = (to: string, raw: string) => transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  const target = (mail: { mailId: string; messageId: string }): ReportTarget => ({
    to: bounceAddressFor(mail.mailId, DOMAIN),
    messageId: mail.messageId,
    recipient: RECIPIENT,
  });

  describe('on the mail listener', () => {
    it('fails a reminder whose mail bounced (DSN through the SMTP listener), and imports nothing', async () => {
      const sent = await insertSentReminder(testApp, org);
      const delay = await sendReport(target(sent).to, postfixDelay(target(sent)));
      expect(delay.accepted).toEqual([target(sent).to]);
      expect(await reminderOf(testApp, sent.reminderId!)).toEqual({ status: 'sent', events: ['sent', 'delivery_delayed'] });

      await sendReport(target(sent).to, postfixBounce(target(sent)));
      await sendReport(target(sent).to, postfixBounce(target(sent))); // the MTA sent it twice: one event
      expect(await reminderOf(testApp, sent.reminderId!)).toEqual({
        status: 'failed',
        events: ['sent', 'delivery_delayed', 'bounced'],
      });
      await sendReport(target(sent).to, arfComplaint(target(sent)));
      expect((await reminderOf(testApp, sent.reminderId!)).events).toContain('complained');
      expect(await testApp.database.db.select().from(emailImports).where(eq(emailImports.organizationId, org.id))).toEqual([]);
    });

    it("falls back to the original's Message-ID when the address names no mail", async () => {
      const sent = await insertSentReminder(testApp, org);
      const elsewhere = bounceAddressFor(randomUUID(), DOMAIN);
      await sendReport(elsewhere, postfixBounce({ ...target(sent), to: elsewhere }));
      expect(await reminderOf(testApp, sent.reminderId!)).toEqual({ status: 'failed', events: ['sent', 'bounced'] });
    });

    it('accepts and ignores reports about mail that is no reminder, and refuses addresses that are none', async () => {
      const other = await insertSentReminder(testApp, org, null);
      const info = await sendReport(target(other).to, postfixBounce(target(other)));
      expect(info.accepted).toHaveLength(1);
      const [mail] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, other.mailId));
      expect(mail!.status).toBe('sent');
      await expect(sendReport(`bounce+not-a-mail-id@${DOMAIN}`, postfixBounce(target(other)))).rejects.toMatchObject({
        responseCode: 550,
      });
    });
  });

  describe('by the provider webhook', () => {
    const post = (body: string, signature: string | undefined, headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/mail-events',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-kontor-signature': signature } : {}), ...headers },
        payload: body,
      });
    const now = () => Math.floor(Date.now() / 1000);

    it('records signed events (a bounce fails the reminder), even with a foreign Origin', async () => {
      const sent = await insertSentReminder(testApp, org);
      const other = await insertSentReminder(testApp, org, null);
      const body = JSON.stringify({
        events: [
          { messageId: sent.messageId.slice(1, -1), event: 'delivered', at: '2026-11-30T08:00:00Z' },
          { messageId: sent.messageId, event: 'opened' },
          { messageId: sent.messageId, event: 'bounced' },
          { messageId: sent.messageId, event: 'delivered' },
          { messageId: other.messageId, event: 'bounced' },
          { messageId: '<unknown@provider.example>', event: 'clicked' },
        ],
      });
      const response = await post(body, signWebhookBody(SECRET, body, now()), {
        origin: 'https://provider.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ recorded: 4 });
      // A later "delivered" (another recipient's mailbox) does not hide the bounce.
      expect(await reminderOf(testApp, sent.reminderId!)).toEqual({
        status: 'failed',
        events: ['sent', 'delivered', 'opened', 'bounced'],
      });
    });

    it('refuses a missing or wrong signature, another body and an old timestamp with 401, changing nothing', async () => {
      const sent = await insertSentReminder(testApp, org);
      const body = JSON.stringify({ events: [{ messageId: sent.messageId, event: 'bounced' }] });
      const refusals = [
        await post(body, undefined),
        await post(body, signWebhookBody('not-the-secret-at-all', body, now())),
        await post(body.replace('bounced', 'clicked'), signWebhookBody(SECRET, body, now())),
        await post(body, signWebhookBody(SECRET, body, now() - 6 * 60)),
      ];
      for (const response of refusals) {
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json()).toMatchObject({ code: 'webhook_signature_invalid' });
      }
      expect(await reminderOf(testApp, sent.reminderId!)).toEqual({ status: 'sent', events: ['sent'] });

      const invalid = JSON.stringify({ events: [{ messageId: sent.messageId, event: 'sent' }] });
      expect((await post(invalid, signWebhookBody(SECRET, invalid, now()))).statusCode).toBe(400);
    });

    it('is documented as a public route', async () => {
      const document = (await testApp.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })).json();
      expect(document.paths['/api/webhooks/mail-events'].post).toMatchObject({ tags: ['webhooks'], security: [] });
    });
  });
});

describe('the mail-event webhook without MAIL_WEBHOOK_SECRET', () => {
  it('does not exist', async () => {
    const testApp = await createTestApp();
    try {
      const body = JSON.stringify({ events: [{ messageId: '<a@b.example>', event: 'bounced' }] });
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/mail-events',
        headers: { 'content-type': 'application/json', 'x-kontor-signature': signWebhookBody('', body, Date.now() / 1000) },
        payload: body,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});
