import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database, Tx } from '../db/database';
import { mailOutbox } from '../db/schema';
import type {
  FileStorage,
  JobQueue,
  MailAttachment,
  Mailer,
  MailDeliveryListener,
  MailDeliveryOutcome,
  OutgoingMail,
} from './foundation-types';
import { bounceAddressFor } from './mail-references';
import { isMailboxAvailable, registerMailboxRoutes } from './mailbox-page';

/**
 * Outgoing mail, transactional-outbox style: `enqueue` writes the mail in the caller's
 * transaction, so a rolled-back change sends nothing and a committed one is never lost.
 *
 * How a mail leaves the outbox after commit:
 * 1. enqueue sends a `mail.deliver` job (without waiting, outside the transaction, starting a
 *    second later) carrying the id of the inserting transaction;
 * 2. the job locks the row (`for update skip locked`) and delivers it if still 'queued'; when it
 *    cannot see the row yet it asks PostgreSQL whether that transaction is still running
 *    (`txid_status`): running → look again shortly; rolled back → nothing to do;
 * 3. `mail.sweep` runs every minute and sends a job for every 'queued' mail older than 30 s
 *    that was never attempted (a lost job, a crash between insert and send).
 * Delivery is therefore at-least-once: a crash after the SMTP server accepted a mail but before
 * the status update commits sends it again. The stable Message-ID lets receivers drop the copy.
 */
export const MAIL_DELIVER_JOB = 'mail.deliver';
export const MAIL_SWEEP_JOB = 'mail.sweep';
/** Delivery attempts per mail before it is marked 'failed' (the row's counter decides, not pg-boss). */
export const MAX_MAIL_ATTEMPTS = 5;
/** How often a job looks again for a row whose transaction is still open (every 5 s → 2 min). */
const MAX_DEFERRALS = 24;

const deliverPayloadSchema = z.object({
  orgId: z.uuid().nullable(),
  mailId: z.uuid(),
  /** The inserting transaction, to tell "not committed yet" from "rolled back". */
  txid: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  deferrals: z.number().int().min(0).optional(),
});
type DeliverPayload = z.infer<typeof deliverPayloadSchema>;

const sweepPayloadSchema = z.object({ orgId: z.null() });

export type DeliveryOutcome = 'sent' | 'captured' | 'already-done' | 'busy' | 'missing' | 'failed' | 'retry';

const NO_LINE_BREAKS = /^[^\r\n]*$/;
const outgoingMailSchema = z.object({
  organizationId: z.uuid().nullable(),
  to: z
    .array(
      z
        .string()
        .min(3)
        .max(320)
        .regex(/^[^\s@<>,;]+@[^\s@<>,;]+$/),
    )
    .min(1)
    .max(50),
  subject: z.string().min(1).max(998).regex(NO_LINE_BREAKS),
  text: z.string(),
  html: z.string().optional(),
  template: z.string().max(100).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200).regex(NO_LINE_BREAKS),
        contentType: z.string().min(3).max(100),
        storageKey: z.string().min(1).max(500),
        size: z.number().int().min(0),
      }),
    )
    .max(10)
    .optional(),
  // Goes into a header between angle brackets: no whitespace (no line break), no brackets.
  unsubscribeUrl: z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s<>]+$/)
    .pipe(z.url())
    .optional(),
});

/** Kontor's own headers: the template (statistics), the one-click unsubscribe (RFC 8058). */
function mailHeaders(mail: { template: string | null; unsubscribeUrl: string | null }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (mail.template) headers['X-Kontor-Template'] = mail.template;
  if (mail.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

/** `<mail-uuid@sender-domain>`: stable across retries, so duplicates can be recognised. */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'kontor.localhost';
  return `<${mailId}@${domain}>`;
}

/** Bounded timeouts unless the URL sets its own: a hanging relay must not hold a row lock for minutes. */
export function smtpUrlWithDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export class OutboxMailer implements Mailer {
  private readonly pendingSends = new Set<Promise<void>>();
  private readonly deliveryListeners = new Map<string, MailDeliveryListener[]>();

  constructor(
    private readonly deps: {
      database: Database;
      jobs: JobQueue;
      from: string;
      /** null: no SMTP configured — mails are 'captured' and shown in the local mailbox. */
      transport: Transporter | null;
      logger: FastifyBaseLogger;
      /** Where attachments are read from when a mail is really sent. */
      storage?: Pick<FileStorage, 'get'>;
      /** Set: the envelope sender is the mail's bounce address there (see mail-references.ts). */
      bounceDomain?: string;
    },
  ) {}

  async enqueue(tx: Tx, mail: OutgoingMail): Promise<{ id: string }> {
    const valid = outgoingMailSchema.parse(mail);
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        organizationId: valid.organizationId,
        toAddresses: valid.to,
        fromAddress: this.deps.from,
        subject: valid.subject,
        textBody: valid.text,
        htmlBody: valid.html ?? null,
        template: valid.template ?? null,
        attachments: valid.attachments ?? [],
        unsubscribeUrl: valid.unsubscribeUrl ?? null,
        status: 'queued',
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    const result = await tx.execute<{ txid: string }>(sql`select txid_current()::text as txid`);
    this.sendSoon({ orgId: valid.organizationId, mailId: row.id, txid: result.rows[0]?.txid });
    return { id: row.id };
  }

  /**
   * Not awaited inside the caller's transaction: awaiting would hold its connection while
   * asking the pool for a second one, which deadlocks a saturated pool. A failed send is
   * logged; the sweeper delivers the mail anyway.
   */
  private sendSoon(payload: DeliverPayload, startAfterSeconds = 1): void {
    const sending = this.deps.jobs
      .send(MAIL_DELIVER_JOB, payload, { startAfterSeconds })
      .then(
        () => undefined,
        (error: unknown) =>
          this.deps.logger.warn({ err: error, mailId: payload.mailId }, 'could not queue mail delivery; the sweeper will'),
      )
      .finally(() => this.pendingSends.delete(sending));
    this.pendingSends.add(sending);
  }

  onDelivery(template: string, listener: MailDeliveryListener): void {
    this.deliveryListeners.set(template, [...(this.deliveryListeners.get(template) ?? []), listener]);
  }

  /**
   * Tells the template's listeners, each on a savepoint of the delivery's transaction: what they
   * record commits with the status, and one that fails is logged without undoing the delivery.
   */
  private async reportDelivery(tx: Tx, mail: typeof mailOutbox.$inferSelect, outcome: MailDeliveryOutcome): Promise<void> {
    const listeners = (mail.template && this.deliveryListeners.get(mail.template)) || [];
    if (!mail.organizationId || listeners.length === 0) return;
    const reported = { id: mail.id, organizationId: mail.organizationId };
    for (const listener of listeners) {
      try {
        await tx.transaction((savepoint) => listener(savepoint, reported, outcome));
      } catch (error) {
        this.deps.logger.error({ err: error, mailId: mail.id, outcome }, 'a mail delivery listener failed');
      }
    }
  }

  /** Waits for delivery jobs still being queued (on shutdown, and in tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pendingSends]);
  }

  /** The `mail.deliver` handler. Throws only to make pg-boss retry a failed SMTP attempt. */
  async handleDeliverJob(payload: DeliverPayload): Promise<DeliveryOutcome> {
    const outcome = await this.deliver(payload.mailId);
    if (outcome === 'retry') throw new Error(`Delivery of mail ${payload.mailId} failed; retrying`);
    if (outcome === 'missing' && payload.txid && (await this.isTransactionRunning(payload.txid))) {
      const deferrals = (payload.deferrals ?? 0) + 1;
      if (deferrals <= MAX_DEFERRALS) this.sendSoon({ ...payload, deferrals }, 5);
      await this.flush();
    }
    return outcome;
  }

  /** Delivers one mail if it is still queued. Safe to call any number of times, concurrently. */
  async deliver(mailId: string): Promise<DeliveryOutcome> {
    const { transport, logger } = this.deps;
    return this.deps.database.withSystem(async (tx) => {
      const [mail] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).for('update', { skipLocked: true });
      if (!mail) {
        const [visible] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
        return visible ? 'busy' : 'missing'; // busy: another worker holds the lock and is delivering it
      }
      if (mail.status !== 'queued') return 'already-done';
      const messageId = messageIdFor(mail.id, mail.fromAddress);

      if (!transport) {
        await tx.update(mailOutbox).set({ status: 'captured', sentAt: new Date(), messageId }).where(eq(mailOutbox.id, mail.id));
        await this.reportDelivery(tx, mail, 'delivered');
        return 'captured';
      }

      const attempts = mail.attempts + 1;
      const { bounceDomain } = this.deps;
      try {
        // The row stays locked while the relay talks: no other worker can send it in parallel.
        const info: { messageId?: string } = await transport.sendMail({
          attachments: await this.readAttachments(mail.attachments),
          from: mail.fromAddress,
          to: mail.toAddresses,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
          messageId,
          headers: mailHeaders(mail),
          // VERP: a bounce names the mail in its address; the From header stays what people see.
          envelope: bounceDomain ? { from: bounceAddressFor(mail.id, bounceDomain), to: mail.toAddresses } : undefined,
        });
        await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts, error: null, messageId: info.messageId ?? messageId })
          .where(eq(mailOutbox.id, mail.id));
        return 'sent';
      } catch (error) {
        const isFinal = attempts >= MAX_MAIL_ATTEMPTS;
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, mailId, attempts }, isFinal ? 'mail delivery failed for good' : 'mail delivery failed');
        await tx
          .update(mailOutbox)
          .set({ attempts, error: message.slice(0, 2000), status: isFinal ? 'failed' : 'queued' })
          .where(eq(mailOutbox.id, mail.id));
        if (isFinal) await this.reportDelivery(tx, mail, 'failed');
        return isFinal ? 'failed' : 'retry';
      }
    });
  }

  /** A missing file is an error of this attempt (retried): a mail never goes out without its attachment. */
  private async readAttachments(
    attachments: MailAttachment[],
  ): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const read = [];
    for (const attachment of attachments) {
      const stored = await this.deps.storage?.get(attachment.storageKey);
      if (!stored) throw new Error(`attachment ${attachment.filename} is not in the file storage`);
      read.push({ filename: attachment.filename, contentType: attachment.contentType, content: stored.body });
    }
    return read;
  }

  /** The `mail.sweep` handler: queues delivery for mails whose job never came. */
  async sweep(): Promise<number> {
    const stale = await this.deps.database.withSystem((tx) =>
      tx
        .select({ id: mailOutbox.id, organizationId: mailOutbox.organizationId })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'queued'),
            lt(mailOutbox.createdAt, sql`now() - interval '30 seconds'`),
            // Attempted mails have a pg-boss retry pending; after 6 hours that chain is surely gone.
            or(eq(mailOutbox.attempts, 0), lt(mailOutbox.createdAt, sql`now() - interval '6 hours'`)),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(100),
    );
    // A mail whose regular job is merely late gets a second job; delivery is idempotent, so the
    // later of the two finds it delivered and does nothing.
    for (const mail of stale) await this.deps.jobs.send(MAIL_DELIVER_JOB, { orgId: mail.organizationId, mailId: mail.id });
    return stale.length;
  }

  private async isTransactionRunning(txid: string): Promise<boolean> {
    try {
      const result = await this.deps.database.pool.query<{ status: string | null }>('select txid_status($1::bigint) as status', [
        txid,
      ]);
      return result.rows[0]?.status === 'in progress';
    } catch {
      return false; // too old to know: certainly not running any more
    }
  }
}

export function createTransport(config: Config['mail']): Transporter | null {
  return config.smtpUrl ? nodemailer.createTransport(smtpUrlWithDefaults(config.smtpUrl)) : null;
}

export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = createTransport(app.config.mail);
    const mailer = new OutboxMailer({
      database: app.database,
      jobs: app.jobs,
      from: app.config.mail.from,
      transport,
      logger: app.log.child({ plugin: 'mailer' }),
      // Registered before the mailer in the app; plugin tests may run the mailer without files.
      storage: app.hasDecorator('storage') ? app.storage : undefined,
      bounceDomain: app.config.mailEvents.bounceDomain,
    });

    await app.jobs.register({
      name: MAIL_DELIVER_JOB,
      schema: deliverPayloadSchema,
      // More pg-boss retries than MAX_MAIL_ATTEMPTS: expiries after a crash also use them up.
      options: { retryLimit: MAX_MAIL_ATTEMPTS + 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
      handler: async (payload) => {
        await mailer.handleDeliverJob(payload);
      },
    });
    await app.jobs.register({
      name: MAIL_SWEEP_JOB,
      schema: sweepPayloadSchema,
      options: { retryLimit: 0, expireInSeconds: 5 * 60 },
      handler: async () => {
        await mailer.sweep();
      },
    });
    await app.jobs.schedule(MAIL_SWEEP_JOB, '* * * * *', { orgId: null });

    app.decorate('mailer', mailer);
    if (isMailboxAvailable(app.config)) app.log.info(`mail is captured; read it at ${app.config.publicUrl}/mailbox`);
    registerMailboxRoutes(app);
    app.addHook('onClose', async () => {
      await mailer.flush();
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['jobs'] },
);
