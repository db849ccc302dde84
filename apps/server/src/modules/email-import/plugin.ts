import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { mailIdOfBounceAddress } from '../../plugins/mail-references';
import { MailImporter } from './import-mail';
import { receiveDeliveryReport } from './receive-report';
import { findOrganizationBySlug } from './repo';

/** Largest mail accepted (SMTP SIZE): 20 MB attachments grow by a third in base64, plus the text. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/** The organisation slug an import address names, or null when the address is not ours. */
export function slugOfAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain) return null;
  return address.slice(0, at).toLowerCase();
}

/**
 * The built-in SMTP listener of the e-mail import (smtp-server + mailparser): mail for
 * `<slug>@<MAIL_DOMAIN>` is accepted, anything else refused at RCPT (550); the SIZE limit is
 * announced and enforced (552). The mail is imported before the 250 answer, so a sender whose
 * mail we could not store gets an error and tries again. Mail for `bounce+<mail id>@<MAIL_DOMAIN>`
 * (the envelope sender of what Kontor sends) is a delivery report, see receive-report.ts.
 */
export const emailImportPlugin = fp(
  async (app: FastifyInstance) => {
    const { domain, port, host } = app.config.mailImport;
    const log = app.log.child({ module: 'email-import' });
    const importer = new MailImporter(app.database, app.storage, app.invoiceReading.queue);

    const organizationOf = async (address: string) => {
      const slug = slugOfAddress(address, domain);
      return slug ? findOrganizationBySlug(app.database, slug) : null;
    };

    const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) if (!stream.sizeExceeded) chunks.push(chunk);
      if (stream.sizeExceeded) throw new SmtpError(`Message exceeds the limit of ${MAX_MESSAGE_BYTES} bytes`, 552);
      const raw = Buffer.concat(chunks);
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
      const reported = recipients.flatMap((address) => mailIdOfBounceAddress(address, domain) ?? []);
      if (reported.length > 0) await receiveDeliveryReport(app.database, log, raw, [...new Set(reported)]);
      const importAddresses = recipients.filter((address) => !mailIdOfBounceAddress(address, domain));
      if (importAddresses.length === 0) return;
      // Loaded on the first mail: mailparser costs ~20 MB from start-up on, and most servers import no mail.
      const { simpleParser } = await import('mailparser');
      const mail = await simpleParser(raw);
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const origin = {
        sender: mail.from?.value[0]?.address ?? envelopeFrom,
        subject: mail.subject ?? '',
        receivedAt: new Date(),
        messageId: mail.messageId ?? null,
      };
      const seen = new Set<string>();
      for (const address of importAddresses) {
        const organization = await organizationOf(address);
        if (!organization || seen.has(organization.id)) continue;
        seen.add(organization.id);
        const result = await importer.importMail(organization.id, mail, origin);
        log.info(
          { orgId: organization.id, invoices: result.invoiceIds.length, rejected: result.rejected.length },
          'e-mail imported',
        );
      }
    };

    const server = new SMTPServer({
      name: domain,
      banner: 'Kontor invoice import',
      size: MAX_MESSAGE_BYTES,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        if (mailIdOfBounceAddress(address.address, domain)) return callback();
        organizationOf(address.address).then(
          (organization) => callback(organization ? undefined : new SmtpError('No such mailbox', 550)),
          (error: unknown) => {
            log.error({ err: error }, 'recipient lookup failed');
            callback(new SmtpError('Temporary failure, try again later', 451));
          },
        );
      },
      onData(stream, session, callback) {
        receive(stream, session).then(
          () => callback(null, 'Message imported'),
          (error: unknown) => {
            if (error instanceof SmtpError) return callback(error);
            log.error({ err: error }, 'e-mail import failed');
            callback(new SmtpError('Temporary failure, try again later', 451));
          },
        );
      },
    });
    server.on('error', (error) => log.error({ err: error }, 'SMTP listener error'));

    // A port someone else holds is named, and Kontor runs on without e-mail import: the rest of
    // the product does not depend on it (issue 70). Other listen failures stop the start.
    let listening = false;
    app.addHook('onReady', async () => {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
          });
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        log.warn(
          { port, host },
          `E-mail import is off: port ${port} is in use by another program. Free it or set SMTP_IMPORT_PORT to another port (0 switches e-mail import off).`,
        );
        return;
      }
      listening = true;
      log.info({ port, host, domain }, 'SMTP listener for e-mail import started');
    });
    app.addHook('onClose', async () => {
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'email-import', dependencies: ['jobs'] },
);
