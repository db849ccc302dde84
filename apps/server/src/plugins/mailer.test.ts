import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { loadConfig } from '../config';
import { asOrgId } from '../db/database';
import { mailOutbox } from '../db/schema';
import { accessPlugin } from './access';
import { errorsPlugin } from './errors';
import type { MailDeliveryOutcome, OutgoingMail } from './foundation-types';
import { jobsPlugin } from './jobs';
import { isMailboxAvailable } from './mailbox-page';
import { createTransport, mailerPlugin, MAX_MAIL_ATTEMPTS, OutboxMailer } from './mailer';
import { FileUrlSigner, LocalFileStorage } from './storage-local';

const ORG = asOrgId('6a1d8c47-0f3b-4e52-9d6e-2b7c1a9e0f34');
const OTHER_ORG = asOrgId('c2e4a6b8-1d3f-4a5b-8c7d-9e0f1a2b3c4d');

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The app's mail stack on its own database: errors, access, jobs (with workers) and mailer. */
async function startMailApp(env: Record<string, string> = {}) {
  const testDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-mailer-'));
  const config = loadConfig({ NODE_ENV: 'test', KONTOR_DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...env });
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', testDatabase.database);
  app.decorateRequest('locale', 'en'); // the session plugin's job in the real app
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  await app.register(jobsPlugin, { runWorkers: true, pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 });
  await app.register(mailerPlugin);
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    async close() {
      await app.close();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type MailApp = Awaited<ReturnType<typeof startMailApp>>;

const mail = (subject: string, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  organizationId: ORG,
  to: ['anna@example.com'],
  subject,
  text: `Text of ${subject}`,
  template: 'test',
  ...extra,
});

/** A mailer of its own on the app's database and jobs (its own relay, its own delivery listeners). */
function separateMailer(target: MailApp, smtpUrl: string | null, storage?: LocalFileStorage): OutboxMailer {
  return new OutboxMailer({
    database: target.database,
    jobs: target.app.jobs,
    from: 'Kontor <a@b.test>',
    transport: smtpUrl ? createTransport({ smtpUrl, from: 'x' }) : null,
    logger: target.app.log,
    storage,
  });
}

async function readMail(target: MailApp, id: string) {
  const [row] = await target.database.withSystem((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)));
  return row;
}

describe('mailer without SMTP (captured mail, local mailbox)', () => {
  let target: MailApp;

  beforeAll(async () => {
    target = await startMailApp();
  });
  afterAll(async () => target.close());

  const enqueue = (outgoing: OutgoingMail) =>
    target.database.withOrg({ orgId: ORG, userId: null }, (tx) => target.app.mailer.enqueue(tx, outgoing));

  it('delivers a mail after its transaction commits: captured, with a stable Message-ID', async () => {
    const { id } = await enqueue(mail('Welcome', { html: '<p>Hello <b>Anna</b></p>' }));
    const row = await until(async () => {
      const current = await readMail(target, id);
      return current?.status === 'captured' ? current : undefined;
    });
    expect(row).toMatchObject({
      fromAddress: 'Kontor <no-reply@kontor.localhost>',
      toAddresses: ['anna@example.com'],
      template: 'test',
    });
    expect(row.messageId).toBe(`<${id}@kontor.localhost>`);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await (target.app.mailer as OutboxMailer).deliver(id)).toBe('already-done');
  });

  it('sends nothing when the transaction rolls back', async () => {
    let mailId = '';
    await expect(
      target.database.withOrg({ orgId: ORG, userId: null }, async (tx) => {
        mailId = (await target.app.mailer.enqueue(tx, mail('Never'))).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // The delivery job still runs, finds the transaction aborted and ends quietly.
    await until(async () => {
      const { rows } = await target.database.pool.query(
        `select state from pgboss.job where name = 'mail.deliver' and data->>'mailId' = $1`,
        [mailId],
      );
      return rows.length > 0 && rows.every((row: { state: string }) => row.state === 'completed');
    });
    expect(await readMail(target, mailId)).toBeUndefined();
  });

  it('waits for a transaction that commits after its job first looks', async () => {
    const { id } = await target.database.withOrg({ orgId: ORG, userId: null }, async (tx) => {
      const queued = await target.app.mailer.enqueue(tx, mail('Slow commit'));
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // the job runs while we are still open
      return queued;
    });
    await until(async () => (await readMail(target, id))?.status === 'captured', 25_000);
  }, 40_000);

  it("tells a template's listeners about a delivery, each on a savepoint: a failing one undoes nothing else", async () => {
    const mailer = separateMailer(target, null);
    const heard: { mailId: string; organizationId: string; outcome: MailDeliveryOutcome }[] = [];
    mailer.onDelivery('watched', async (tx, delivered) => {
      // Writes, then fails: its write is rolled back to the savepoint, the delivery stays.
      await tx.update(mailOutbox).set({ subject: 'Changed by a failing listener' }).where(eq(mailOutbox.id, delivered.id));
      throw new Error('listener failed');
    });
    mailer.onDelivery('watched', async (_tx, delivered, outcome) => {
      heard.push({ mailId: delivered.id, organizationId: delivered.organizationId, outcome });
    });
    const insert = (template: string, organizationId: string | null = ORG) =>
      target.database.withSystem(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({
            organizationId,
            toAddresses: ['c@d.test'],
            fromAddress: 'a@b.test',
            subject: 'Watched',
            textBody: 'x',
            template,
          })
          .returning({ id: mailOutbox.id });
        return row!.id;
      });
    const watched = await insert('watched');
    expect(await mailer.deliver(watched)).toBe('captured');
    expect(await readMail(target, watched)).toMatchObject({ status: 'captured', subject: 'Watched' });
    expect(heard).toEqual([{ mailId: watched, organizationId: ORG, outcome: 'delivered' }]);

    // Other templates, and mail of no organisation, are not reported.
    expect(await mailer.deliver(await insert('other'))).toBe('captured');
    expect(await mailer.deliver(await insert('watched', null))).toBe('captured');
    expect(heard).toHaveLength(1);
  });

  it('refuses a mail for another organisation (row-level security) and invalid addresses', async () => {
    await expect(enqueue(mail('Foreign', { organizationId: OTHER_ORG }))).rejects.toThrow();
    await expect(enqueue(mail('Bad', { to: ['not an address'] }))).rejects.toThrow();
    await expect(enqueue(mail('Line\r\nBcc: x@example.com'))).rejects.toThrow();
  });

  it('sweeps up queued mail whose job never came', async () => {
    const [row] = await target.database.withSystem((tx) =>
      tx
        .insert(mailOutbox)
        .values({
          organizationId: null,
          toAddresses: ['ops@example.com'],
          fromAddress: 'x@example.com',
          subject: 'Orphan',
          textBody: 'x',
          createdAt: new Date(Date.now() - 120_000),
        })
        .returning({ id: mailOutbox.id }),
    );
    expect(await (target.app.mailer as OutboxMailer).sweep()).toBeGreaterThanOrEqual(1);
    await until(async () => (await readMail(target, row!.id))?.status === 'captured');
  });

  it('lists mail newest first on /mailbox and shows one with its HTML sandboxed', async () => {
    const { id } = await enqueue(
      mail('Invoice <42> & more', { to: ['Bob@Example.com'], html: '<h1 onclick="x()">Hi "Bob"</h1>' }),
    );
    const list = await target.app.inject({ method: 'GET', url: '/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).toContain('Invoice &lt;42&gt; &amp; more');
    expect(list.body.indexOf('Invoice &lt;42&gt;')).toBeLessThan(list.body.indexOf('Welcome'));
    expect(list.body).toContain(`href="/mailbox/${id}"`);

    const detail = await target.app.inject({ method: 'GET', url: `/mailbox/${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('<pre>Text of Invoice &lt;42&gt; &amp; more</pre>');
    expect(detail.body).toContain(
      '<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" srcdoc="&lt;h1 onclick=&quot;x()&quot;&gt;Hi &quot;Bob&quot;&lt;/h1&gt;">',
    );

    expect((await target.app.inject({ method: 'GET', url: '/mailbox/3d1f0c2e-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await target.app.inject({ method: 'GET', url: '/mailbox/not-a-uuid' })).statusCode).toBe(404);
  });

  it('answers /api/mailbox as JSON, filtered by recipient', async () => {
    const response = await target.app.inject({ method: 'GET', url: '/api/mailbox?to=bob@example.com' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as { items: { subject: string; to: string[]; status: string }[] };
    expect(items.map((item) => item.subject)).toEqual(['Invoice <42> & more']);
    expect(items[0]?.to).toEqual(['Bob@Example.com']);
  });

  it('serves the mailbox only to this machine: another address, or a forwarded request, gets 404', async () => {
    for (const url of ['/mailbox', '/api/mailbox']) {
      const remote = await target.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('Bob@Example.com');
      const forwarded = await target.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '198.51.100.4' } });
      expect(forwarded.statusCode, url).toBe(404);
      const local6 = await target.app.inject({ method: 'GET', url, remoteAddress: '::1' });
      expect(local6.statusCode, url).toBe(200);
    }
  });
});

/** Just enough SMTP for nodemailer: greets, accepts or refuses MAIL FROM, records it and the DATA. */
async function startFakeSmtp(options: { refuseWith?: string }) {
  const received: string[] = [];
  const envelopeSenders: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued as FAKE1\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline).toUpperCase();
        if (line.startsWith('MAIL FROM:')) envelopeSenders.push(buffer.slice(10, newline).trim());
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO')) socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (line.startsWith('MAIL FROM')) socket.write(options.refuseWith ? `${options.refuseWith}\r\n` : '250 OK\r\n');
        else if (line.startsWith('RCPT TO')) socket.write('250 OK\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    envelopeSenders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mailer with SMTP', () => {
  it('sends the one-click unsubscribe of a mail people chose to get (RFC 8058), and refuses a URL that is not one', async () => {
    const relay = await startFakeSmtp({});
    const target = await startMailApp({ SMTP_URL: relay.url });
    try {
      const enqueue = (outgoing: OutgoingMail) =>
        target.database.withOrg({ orgId: ORG, userId: null }, (tx) => target.app.mailer.enqueue(tx, outgoing));
      const unsubscribeUrl = 'https://kontor.example/m/u/token';
      const { id } = await enqueue({ ...mail('Digest'), unsubscribeUrl });
      await until(async () => ((await readMail(target, id))?.status === 'sent' ? true : undefined));
      expect(relay.received[0]).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
      expect(relay.received[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      await expect(enqueue({ ...mail('Digest'), unsubscribeUrl: 'javascript:alert(1)' })).rejects.toThrow();
      await expect(enqueue({ ...mail('Digest'), unsubscribeUrl: 'https://kontor.example/a\r\nBcc: x@y.test' })).rejects.toThrow();
    } finally {
      await target.close();
      await relay.close();
    }
  });

  it('sends through the relay, records failures, and hides the mailbox', async () => {
    const relay = await startFakeSmtp({});
    const refusing = await startFakeSmtp({ refuseWith: '451 4.3.0 try again later' });
    const target = await startMailApp({ SMTP_URL: relay.url });
    try {
      const enqueue = (outgoing: OutgoingMail) =>
        target.database.withOrg({ orgId: ORG, userId: null }, (tx) => target.app.mailer.enqueue(tx, outgoing));
      const { id } = await enqueue(mail('Reminder'));
      const row = await until(async () => {
        const current = await readMail(target, id);
        return current?.status === 'sent' ? current : undefined;
      });
      expect(row.attempts).toBe(1);
      expect(relay.received).toHaveLength(1);
      expect(relay.received[0]).toContain('Subject: Reminder');
      expect(relay.received[0]).toContain(`Message-ID: <${id}@kontor.localhost>`);
      expect(relay.received[0]).toContain('X-Kontor-Template: test');
      expect(relay.envelopeSenders).toEqual(['<no-reply@kontor.localhost>']); // no MAIL_DOMAIN: no bounce address

      // A relay that refuses: the attempt is counted, the error kept, and the mail stays queued for a retry.
      const failing = separateMailer(target, refusing.url);
      const [orphan] = await target.database.withSystem((tx) =>
        tx
          .insert(mailOutbox)
          .values({ organizationId: null, toAddresses: ['c@d.test'], fromAddress: 'a@b.test', subject: 'Refused', textBody: 'x' })
          .returning({ id: mailOutbox.id }),
      );
      expect(await failing.deliver(orphan!.id)).toBe('retry');
      expect(await readMail(target, orphan!.id)).toMatchObject({
        status: 'queued',
        attempts: 1,
        error: expect.stringContaining('451'),
      });

      // The last attempt fails for good and is reported; a relay's acceptance says nothing of delivery.
      const outcomes: MailDeliveryOutcome[] = [];
      failing.onDelivery('watched', async (_tx, _mail, outcome) => void outcomes.push(outcome));
      const [lastTry] = await target.database.withSystem((tx) =>
        tx
          .insert(mailOutbox)
          .values({
            organizationId: ORG,
            toAddresses: ['c@d.test'],
            fromAddress: 'a@b.test',
            subject: 'Last try',
            textBody: 'x',
            template: 'watched',
            attempts: MAX_MAIL_ATTEMPTS - 1,
          })
          .returning({ id: mailOutbox.id }),
      );
      expect(await failing.deliver(lastTry!.id)).toBe('failed');
      expect(outcomes).toEqual(['failed']);
      const relayed = separateMailer(target, relay.url);
      relayed.onDelivery('watched', async (_tx, _mail, outcome) => void outcomes.push(outcome));
      const { id: relayedId } = await enqueue(mail('Relayed', { template: 'watched' }));
      expect(await relayed.deliver(relayedId)).toMatch(/^(sent|already-done)$/);
      expect(outcomes).toEqual(['failed']);

      expect((await target.app.inject({ method: 'GET', url: '/mailbox' })).statusCode).toBe(404);
      expect((await target.app.inject({ method: 'GET', url: '/api/mailbox' })).json()).toMatchObject({ code: 'not_found' });
    } finally {
      await target.close();
      await relay.close();
      await refusing.close();
    }
  }, 40_000);
});

describe('mailbox availability', () => {
  const local = { env: 'development' as const, mail: { smtpUrl: undefined, from: 'x' }, publicUrl: 'http://localhost:3000' };
  it('is only on for local, non-production servers that capture mail', () => {
    expect(isMailboxAvailable(local)).toBe(true);
    expect(isMailboxAvailable({ ...local, publicUrl: 'http://kontor.localhost:8080' })).toBe(true);
    expect(isMailboxAvailable({ ...local, env: 'production' })).toBe(false);
    expect(isMailboxAvailable({ ...local, mail: { smtpUrl: 'smtp://relay', from: 'x' } })).toBe(false);
    // A real deployment that forgot NODE_ENV=production.
    expect(isMailboxAvailable({ ...local, publicUrl: 'https://kontor.example.com' })).toBe(false);
  });

  it('attaches files from the storage; a file that is missing is retried, never sent without it', async () => {
    const relay = await startFakeSmtp({});
    const folder = mkdtempSync(path.join(os.tmpdir(), 'kontor-mail-files-'));
    const storage = new LocalFileStorage(folder, 'http://localhost', new FileUrlSigner('test-secret-of-32-characters-at-least'));
    await storage.init();
    const target = await startMailApp({ SMTP_URL: relay.url });
    try {
      await storage.put('org/x/invoice.pdf', Buffer.from('%PDF-1.7 invoice'), 'application/pdf');
      const mailer = separateMailer(target, relay.url, storage);
      const queue = (storageKey: string) =>
        target.database.withOrg({ orgId: ORG, userId: null }, (tx) =>
          mailer.enqueue(
            tx,
            mail('Invoice RE-1', {
              attachments: [{ filename: 'Rechnung-RE-1.pdf', contentType: 'application/pdf', storageKey, size: 16 }],
            }),
          ),
        );
      const { id } = await queue('org/x/invoice.pdf');
      expect(await mailer.deliver(id)).toMatch(/^(sent|already-done)$/);
      await until(async () => (await readMail(target, id))?.status === 'sent');
      const sent = relay.received.find((data) => data.includes('Subject: Invoice RE-1'))!;
      expect(sent).toContain('Content-Type: application/pdf; name=Rechnung-RE-1.pdf');
      expect(sent).toContain(Buffer.from('%PDF-1.7 invoice').toString('base64'));

      const { id: missing } = await queue('org/x/gone.pdf');
      expect(await mailer.deliver(missing)).toMatch(/^(retry|busy)$/);
      expect(await readMail(target, missing)).toMatchObject({
        status: 'queued',
        error: expect.stringContaining('not in the file storage'),
      });
      expect(relay.received.filter((data) => data.includes('Subject: Invoice RE-1'))).toHaveLength(1);
    } finally {
      await target.close();
      await relay.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('mailer with SMTP and a mail domain', () => {
  it('sends with the bounce address as envelope sender, the From header unchanged', async () => {
    const relay = await startFakeSmtp({});
    const target = await startMailApp({ SMTP_URL: relay.url, MAIL_DOMAIN: 'import.kontor.test' });
    try {
      const { id } = await target.database.withOrg({ orgId: ORG, userId: null }, (tx) =>
        target.app.mailer.enqueue(tx, mail('Bounce me')),
      );
      await until(async () => (await readMail(target, id))?.status === 'sent');
      expect(relay.envelopeSenders).toEqual([`<bounce+${id}@import.kontor.test>`]);
      expect(relay.received[0]).toContain('From: Kontor <no-reply@kontor.localhost>');
    } finally {
      await target.close();
      await relay.close();
    }
  }, 40_000);
});
