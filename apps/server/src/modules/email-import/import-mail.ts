import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { INVOICE_UPLOAD_LIMITS, type RejectedAttachment } from '@kontor/domain';
import type { Database, OrgId } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import { writeActivity } from '../activity-log/writer';
import type { ReadingQueue } from '../invoice-reading/jobs';
import { insertInvoice, insertInvoiceFile } from '../invoices/repo';
import { findDefaultDebitorAccountId } from '../invoices/references';
import { invoiceStorageKey, withStoredFiles } from '../invoices/service';
import { checkInvoiceFile, type CheckedFile } from '../invoices/upload-checks';
import { consumeQuota } from '../subscriptions/service';
import { insertEmailImport } from './repo';

const SYSTEM = { type: 'system' } as const;
const maxMb = INVOICE_UPLOAD_LIMITS.maxBytes / 1024 / 1024;

export interface MailOrigin {
  sender: string;
  subject: string;
  receivedAt: Date;
  messageId: string | null;
}

/**
 * One received mail for one organisation: every PDF, image or XML attachment that passes the
 * upload checks (20 MB, 50 pages, content) becomes an invoice with its e-mail origin, each on
 * its own (a refused attachment or a reached plan limit does not lose the others); the rest is
 * recorded as "could not be turned into an invoice".
 */
export class MailImporter {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly reading: ReadingQueue,
  ) {}

  async importMail(
    orgId: OrgId,
    mail: ParsedMail,
    origin: MailOrigin,
  ): Promise<{ invoiceIds: string[]; rejected: RejectedAttachment[] }> {
    const invoiceIds: string[] = [];
    const rejected: RejectedAttachment[] = [];
    // Images a mail's HTML shows inline (logos, signatures) are part of the text, not documents.
    const attachments = mail.attachments.filter((attachment) => !attachment.related);
    for (const [index, attachment] of attachments.entries()) {
      const fileName = attachment.filename?.trim() || `attachment-${index + 1}`;
      try {
        if (attachment.content.length > INVOICE_UPLOAD_LIMITS.maxBytes)
          throw new AppError('upload_file_too_large', { fileName, maxMb });
        const file = await checkInvoiceFile({ fileName, body: attachment.content });
        invoiceIds.push(await this.createInvoice(orgId, file, origin));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        rejected.push({ fileName, reason: error.code, ...(error.params ? { params: error.params } : {}) });
      }
    }
    if (attachments.length === 0) rejected.push({ fileName: '', reason: 'email_import_no_attachment' });
    await this.database.withOrg({ orgId, userId: null }, async (tx) => {
      const importId = await insertEmailImport(tx, orgId, { ...origin, invoiceIds, rejected });
      // The organisation's log keeps the mail and what became of its attachments (SPEC §3 "e-mail import").
      await writeActivity(tx, orgId, {
        entityType: 'organization',
        entityId: orgId,
        action: 'email_import',
        actor: SYSTEM,
        changes: { importId, sender: origin.sender, subject: origin.subject, invoiceIds, rejected },
      });
    });
    if (this.reading.isEnabled) await this.reading.enqueue(orgId, invoiceIds);
    return { invoiceIds, rejected };
  }

  private async createInvoice(orgId: OrgId, file: CheckedFile, origin: MailOrigin): Promise<string> {
    const invoiceId = randomUUID();
    const key = invoiceStorageKey(orgId, invoiceId, file.extension);
    return withStoredFiles(this.storage, [{ key, file }], () =>
      this.database.withOrg({ orgId, userId: null }, async (tx) => {
        await consumeQuota(tx, orgId, 'invoices');
        await insertInvoice(tx, {
          organizationId: orgId,
          id: invoiceId,
          status: 'new',
          ocrStatus: this.reading.isEnabled ? 'pending' : 'none',
          type: 'invoice',
          currency: null,
          shouldCreateTransaction: true,
          debitorBankAccountId: await findDefaultDebitorAccountId(tx, orgId),
          emailSender: origin.sender,
          emailSubject: origin.subject,
          emailReceivedAt: origin.receivedAt,
        });
        await insertInvoiceFile(tx, { organizationId: orgId, invoiceId, kind: 'document', storageKey: key }, file);
        await writeActivity(tx, orgId, {
          entityType: 'invoice',
          entityId: invoiceId,
          action: 'email_import',
          actor: SYSTEM,
          changes: { sender: origin.sender, subject: origin.subject, fileName: file.fileName, pages: file.pages },
        });
        return invoiceId;
      }),
    );
  }
}
