import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REQUIRED_FIELDS,
  isInvoiceEditable,
  nextInvoiceStatus,
  isOcrRunning,
  isPaymentNamedByDocument,
  type Invoice,
  type InvoiceFields,
  type UpdateInvoiceBody,
} from '@kontor/domain';
import { approvalResettingChanges } from '@kontor/domain/invoices/approval-reset';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { diffFields, writeActivity, type Actor } from '../activity-log/writer';
import { endInvoiceApprovals } from '../approvals/end-invoice-approvals';
import { findLatestRequestView } from '../approvals/request-repo';
import { consumeQuota } from '../subscriptions/service';
import type { ReadingQueue } from '../invoice-reading/jobs';
import { findCounterpartyAccounts, toPaymentAccountReview } from '../invoice-reading/payment-account';
import { findDuplicates, findProgress, findReading, forgetReadMarks, toReadingView } from '../invoice-reading/repo';
import { findInvoicePayment, renewTransactionOfInvoice } from '../transactions/from-invoice';
import { invoiceVisibility } from './policy';
import { checkInvoiceReferences, findCounterpartyDefaults, findDefaultDebitorAccountId } from './references';
import {
  findRequiredFieldSettings,
  findInvoice,
  insertInvoice,
  insertInvoiceFile,
  loadInvoiceParts,
  replaceSplitsAndLineItems,
  updateInvoiceVersioned,
  type InvoiceRow,
} from './repo';
import { toInvoiceColumns, toSplitColumns } from './field-names';
import { toInvoice } from './to-invoice';
import type { CheckedFile } from './upload-checks';

export const tenant = (org: OrgContext) => ({ orgId: org.orgId, userId: org.userId });
export const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });

/**
 * The refusal of a change the invoice's status does not allow; an exported invoice is booked and
 * says so (GoBD, issue 41), whatever the change was.
 */
export function statusRefusal(status: InvoiceRow['status'], code: 'invoice_not_editable' | 'invoice_action_refused'): AppError {
  return status === 'exported' ? new AppError('invoice_booked_locked') : new AppError(code, { status });
}

/** The invoice if the caller may see it (policy.ts); anything else is "not found or no permission". */
export async function findVisibleInvoice(
  tx: Tx,
  org: OrgContext,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow> {
  const row = await findInvoice(tx, org.orgId, id, invoiceVisibility(org), options);
  if (!row) throw new AppError('invoice_not_found');
  // Locked for a change: an accounting export holding the invoice writes it as it was checked (issue 41).
  if (options.lock && row.exportingJobId !== null) throw new AppError('invoice_being_exported');
  return row;
}

export async function readInvoice(tx: Tx, orgId: OrgId, row: InvoiceRow): Promise<Invoice> {
  // Sent together: the transaction's connection pipelines them (database.ts).
  const [parts, approval, settings, reading, duplicates, payment, counterpartyAccounts] = await Promise.all([
    loadInvoiceParts(tx, orgId, row.id),
    findLatestRequestView(tx, orgId, { type: 'invoice', id: row.id, creatorId: row.uploadedBy }),
    findRequiredFieldSettings(tx, orgId),
    findReading(tx, orgId, row.id),
    // Against the invoice as it is now, so that an edit of number, amount or date shows at once.
    findDuplicates(tx, orgId, row),
    findInvoicePayment(tx, orgId, row.id),
    findCounterpartyAccounts(tx, orgId, row.counterpartyId),
  ]);
  const readingView = reading ? toReadingView(reading, duplicates) : null;
  const paymentAccountReview = toPaymentAccountReview(reading, counterpartyAccounts, row.counterpartyIban);
  return toInvoice(row, { ...parts, approval, reading: readingView, payment, paymentAccountReview }, settings);
}

export function invoiceStorageKey(orgId: OrgId, invoiceId: string, extension: string): string {
  return `org/${orgId}/invoices/${invoiceId}/${randomUUID()}.${extension}`;
}

/**
 * Writes the files to storage before the transaction (object storage is not transactional) and
 * removes them again when `work` fails, so a refused request leaves no orphans behind.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  files: { key: string; file: CheckedFile }[],
  work: () => Promise<T>,
): Promise<T> {
  const results = await Promise.allSettled(files.map(({ key, file }) => storage.put(key, file.body, file.contentType)));
  const cleanUp = () =>
    Promise.all(
      files.filter((_, index) => results[index]!.status === 'fulfilled').map(({ key }) => storage.delete(key).catch(() => {})),
    );
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await cleanUp();
    throw failure.reason;
  }
  try {
    return await work();
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

export class InvoiceService {
  constructor(
    readonly database: Database,
    readonly storage: FileStorage,
    readonly reading: ReadingQueue,
  ) {}

  /**
   * Each file becomes an invoice in status new with the file as its document (all or nothing),
   * then its reading is queued: the invoice is "in OCR" until the job is done.
   */
  async upload(org: OrgContext, files: CheckedFile[]): Promise<Invoice[]> {
    const created = await this.createFromUpload(org, files);
    if (this.reading.isEnabled)
      await this.reading.enqueue(
        org.orgId,
        created.map((invoice) => invoice.id),
      );
    return created;
  }

  private async createFromUpload(org: OrgContext, files: CheckedFile[]): Promise<Invoice[]> {
    const planned = files.map((file) => {
      const invoiceId = randomUUID();
      return { invoiceId, file, key: invoiceStorageKey(org.orgId, invoiceId, file.extension) };
    });
    return withStoredFiles(this.storage, planned, () =>
      this.database.withOrg(tenant(org), async (tx) => {
        const debitorBankAccountId = await findDefaultDebitorAccountId(tx, org.orgId);
        const created: Invoice[] = [];
        const requiredFields = await findRequiredFieldSettings(tx, org.orgId);
        for (const { invoiceId, file, key } of planned) {
          await consumeQuota(tx, org.orgId, 'invoices');
          const row = await insertInvoice(tx, {
            organizationId: org.orgId,
            id: invoiceId,
            status: 'new',
            ocrStatus: this.reading.isEnabled ? 'pending' : 'none',
            type: 'invoice',
            currency: null,
            shouldCreateTransaction: true,
            debitorBankAccountId,
            uploadedBy: org.userId,
          });
          const document = await insertInvoiceFile(
            tx,
            { organizationId: org.orgId, invoiceId, kind: 'document', storageKey: key, createdBy: org.userId },
            file,
          );
          await writeActivity(tx, org.orgId, {
            entityType: 'invoice',
            entityId: invoiceId,
            action: 'create',
            actor: actorOf(org),
            changes: { source: 'upload', fileName: file.fileName, pages: file.pages },
          });
          created.push(toInvoice(row, { files: [document], splits: [], lineItems: [] }, requiredFields));
        }
        return created;
      }),
    );
  }

  async get(org: OrgContext, id: string): Promise<Invoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id);
      if (isOcrRunning(row.ocrStatus)) {
        // The waiting page shows how far reading has come.
        const progress = (await findProgress(tx, org.orgId, [id])).get(id) ?? 0;
        throw new AppError('invoice_in_ocr', { ocrStatus: row.ocrStatus, progress });
      }
      return readInvoice(tx, org.orgId, row);
    });
  }

  /** Throws unless the caller may see the invoice; used before reading an upload for it. */
  async assertVisible(org: OrgContext, id: string): Promise<void> {
    await this.database.withOrg(tenant(org), (tx) => findVisibleInvoice(tx, org, id));
  }

  async update(org: OrgContext, id: string, body: UpdateInvoiceBody): Promise<Invoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await findVisibleInvoice(tx, org, id, { lock: true });
      if (isOcrRunning(before.ocrStatus)) throw new AppError('invoice_in_ocr');
      if (before.version !== body.version) throw new AppError('stale_version');
      if (!isInvoiceEditable(before.status)) throw statusRefusal(before.status, 'invoice_not_editable');
      const fieldErrors = await checkInvoiceReferences(tx, org.orgId, body);
      if (Object.keys(fieldErrors).length > 0) throw new AppError('validation_failed', undefined, { fieldErrors });

      // A read document's account is chosen on the invoice (issue 50), never filled in from the record.
      const reading = await findReading(tx, org.orgId, id);
      const { version, partialAmount, lineItems, ...fields } = await fillFromCounterparty(
        tx,
        org.orgId,
        body,
        !isPaymentNamedByDocument(reading?.payment),
      );
      // Required-field settings do not matter here: the view is only compared with the new fields.
      const viewBefore = toInvoice(before, await loadInvoiceParts(tx, org.orgId, id), DEFAULT_REQUIRED_FIELDS);
      const isApprovalAffected =
        (before.status === 'in_approval' || before.status === 'approved') &&
        approvalResettingChanges(viewBefore, fields).length > 0;
      let status: InvoiceRow['status'] | undefined;
      if (isApprovalAffected) {
        // The approvals were given for another payee or amount: they end as a Reset ends them
        // (refused with an approved or exported payment, else the payment goes), the invoice is new again.
        const next = nextInvoiceStatus(before.status, 'reset');
        if (next === null || next === 'deleted') throw new AppError('invoice_action_refused', { status: before.status });
        await endInvoiceApprovals(tx, org.orgId, before, actorOf(org), 'edit', ['pending', 'approved']);
        status = next;
      }
      const after = await updateInvoiceVersioned(tx, org.orgId, id, version, { ...toInvoiceColumns(fields), status });
      if (!after) throw new AppError('stale_version');
      // Approvals kept, payment data changed (due date, skonto, BIC…): the open payment follows the invoice.
      await renewTransactionOfInvoice(tx, org.orgId, before, after, actorOf(org));
      await replaceSplitsAndLineItems(tx, org.orgId, id, partialAmount.map(toSplitColumns), lineItems);
      const changes = diffFields(viewBefore as unknown as Record<string, unknown>, {
        ...fields,
        partialAmount,
        lineItems,
        status,
      });
      await writeActivity(tx, org.orgId, { entityType: 'invoice', entityId: id, action: 'update', actor: actorOf(org), changes });
      // A field a person changed is no longer "read from the document".
      await forgetReadMarks(tx, org.orgId, id, Object.keys(changes));
      return readInvoice(tx, org.orgId, after);
    });
  }
}

/**
 * A chosen counterparty fills the name, VAT number and, for an invoice typed by hand, the IBAN/BIC
 * the form left empty. Where a document was read, its account is the person's choice instead.
 */
async function fillFromCounterparty<T extends InvoiceFields>(tx: Tx, orgId: OrgId, fields: T, mayFillIban: boolean): Promise<T> {
  if (!fields.counterparty) return fields;
  if (fields.counterpartyName && fields.counterpartyVat && (fields.counterpartyIban || !mayFillIban)) return fields;
  const defaults = await findCounterpartyDefaults(tx, orgId, fields.counterparty);
  if (!defaults) return fields;
  const fillIban = mayFillIban && !fields.counterpartyIban && defaults.iban !== null;
  return {
    ...fields,
    counterpartyName: fields.counterpartyName ?? defaults.name,
    counterpartyVat: fields.counterpartyVat ?? defaults.vatNumber,
    counterpartyIban: fillIban ? defaults.iban : fields.counterpartyIban,
    counterpartyBic: fillIban ? (fields.counterpartyBic ?? defaults.bic) : fields.counterpartyBic,
  };
}
