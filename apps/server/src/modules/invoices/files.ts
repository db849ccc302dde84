import type { Invoice } from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { deleteInvoiceFile, findInvoiceFile, insertInvoiceFile } from './repo';
import {
  actorOf,
  findVisibleInvoice,
  invoiceStorageKey,
  readInvoice,
  tenant,
  withStoredFiles,
  type InvoiceService,
} from './service';
import type { CheckedFile } from './upload-checks';

/** The invoice's document and further attachments in file storage. */
export class InvoiceFiles {
  constructor(
    private readonly service: InvoiceService,
    private readonly signedUrlTtlSeconds: number,
  ) {}

  /** A short-lived URL the browser fetches the file from without a session. */
  async signedUrl(org: OrgContext, id: string, fileId: string): Promise<{ url: string; expiresAt: string }> {
    const file = await this.service.database.withOrg(tenant(org), async (tx) => {
      await findVisibleInvoice(tx, org, id);
      return findInvoiceFile(tx, org.orgId, id, fileId);
    });
    if (!file) throw new AppError('file_not_found');
    const signed = await this.service.storage.signedUrl(file.storageKey, this.signedUrlTtlSeconds, {
      downloadName: file.fileName,
    });
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }

  async addAttachments(org: OrgContext, id: string, files: CheckedFile[]): Promise<Invoice> {
    const planned = files.map((file) => ({ file, key: invoiceStorageKey(org.orgId, id, file.extension) }));
    return withStoredFiles(this.service.storage, planned, () =>
      this.service.database.withOrg(tenant(org), async (tx) => {
        // Locked so that attachments and a concurrent delete of the invoice happen in order.
        const row = await findVisibleInvoice(tx, org, id, { lock: true });
        for (const { file, key } of planned) {
          await insertInvoiceFile(
            tx,
            { organizationId: org.orgId, invoiceId: id, kind: 'attachment', storageKey: key, createdBy: org.userId },
            file,
          );
        }
        await writeActivity(tx, org.orgId, {
          entityType: 'invoice',
          entityId: id,
          action: 'update',
          actor: actorOf(org),
          changes: { attachmentsAdded: files.map((file) => file.fileName) },
        });
        return readInvoice(tx, org.orgId, row);
      }),
    );
  }

  /** Removes an attachment; the document itself stays (it is what the invoice was made from). */
  async deleteAttachment(org: OrgContext, id: string, fileId: string): Promise<Invoice> {
    const { invoice, key } = await this.service.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      const file = await findInvoiceFile(tx, org.orgId, id, fileId);
      if (!file || file.kind !== 'attachment') throw new AppError('file_not_found');
      await deleteInvoiceFile(tx, org.orgId, fileId);
      await writeActivity(tx, org.orgId, {
        entityType: 'invoice',
        entityId: id,
        action: 'update',
        actor: actorOf(org),
        changes: { attachmentRemoved: file.fileName },
      });
      return { invoice: await readInvoice(tx, org.orgId, row), key: file.storageKey };
    });
    await this.service.storage.delete(key).catch(() => {});
    return invoice;
  }
}
