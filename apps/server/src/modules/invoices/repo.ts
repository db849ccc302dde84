import type { ApprovalRequestView, InvoicePayment, InvoiceReading, PaymentAccountReview } from '@kontor/domain';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_REQUIRED_FIELDS, INVOICE_STATUSES, type InvoiceStatus, type RequiredFieldSettings } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import {
  activityLog,
  approvalItems,
  approvalRequests,
  invoiceComments,
  invoiceFiles,
  invoiceLineItems,
  invoiceSplits,
  invoices,
  organizations,
  users,
} from '../../db/schema';
import { readActivityEntries, type ActivityLogEntry } from '../activity-log/reader';
import type { CheckedFile } from './upload-checks';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoiceFileRow = typeof invoiceFiles.$inferSelect;
export type InvoiceSplitRow = typeof invoiceSplits.$inferSelect;
export type InvoiceLineItemRow = typeof invoiceLineItems.$inferSelect;

/** One invoice of the organisation, if `visibility` (policy.ts) lets the caller see it. */
export async function findInvoice(
  tx: Tx,
  orgId: OrgId,
  id: string,
  visibility: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow | null> {
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id), visibility))
    .limit(1);
  // FOR UPDATE serialises status changes and edits of the same invoice.
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface InvoiceParts {
  files: InvoiceFileRow[];
  splits: InvoiceSplitRow[];
  lineItems: InvoiceLineItemRow[];
  /** The current or last approval request; loaded by the approvals module where it is shown. */
  approval?: ApprovalRequestView | null;
  /** What reading the document found; loaded by the reading module where it is shown. */
  reading?: InvoiceReading | null;
  /** The payment made from the invoice; loaded by the transactions module where it is shown. */
  payment?: InvoicePayment | null;
  /** The document's account against the counterparty's and the one to be paid. */
  paymentAccountReview?: PaymentAccountReview | null;
}

export async function loadInvoiceParts(tx: Tx, orgId: OrgId, invoiceId: string): Promise<InvoiceParts> {
  // Sent together: the transaction's connection pipelines them (database.ts), one round trip.
  const [files, splits, lineItems] = await Promise.all([
    tx
      .select()
      .from(invoiceFiles)
      .where(and(eq(invoiceFiles.organizationId, orgId), eq(invoiceFiles.invoiceId, invoiceId)))
      .orderBy(asc(invoiceFiles.createdAt), asc(invoiceFiles.id)),
    tx
      .select()
      .from(invoiceSplits)
      .where(and(eq(invoiceSplits.organizationId, orgId), eq(invoiceSplits.invoiceId, invoiceId)))
      .orderBy(asc(invoiceSplits.position)),
    tx
      .select()
      .from(invoiceLineItems)
      .where(and(eq(invoiceLineItems.organizationId, orgId), eq(invoiceLineItems.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLineItems.position)),
  ]);
  return { files, splits, lineItems };
}

export async function insertInvoice(tx: Tx, values: InvoiceInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}

/** The row of a checked upload (document or attachment) stored under `storageKey`. */
export async function insertInvoiceFile(
  tx: Tx,
  target: Pick<typeof invoiceFiles.$inferInsert, 'organizationId' | 'invoiceId' | 'kind' | 'storageKey' | 'createdBy'>,
  file: CheckedFile,
): Promise<InvoiceFileRow> {
  const [row] = await tx
    .insert(invoiceFiles)
    .values({
      ...target,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.body.length,
      pages: file.pages,
      sha256: file.sha256,
    })
    .returning();
  if (!row) throw new Error('invoice file insert returned nothing');
  return row;
}

/** Optimistic update: null when the version moved on (a stale edit). */
export async function updateInvoiceVersioned(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  patch: Partial<InvoiceInsert>,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ ...patch, version: sql`${invoices.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id), eq(invoices.version, version)))
    .returning();
  return row ?? null;
}

/** Split lines and line items are replaced wholesale: the form always sends the full list. */
export async function replaceSplitsAndLineItems(
  tx: Tx,
  orgId: OrgId,
  invoiceId: string,
  splits: Omit<typeof invoiceSplits.$inferInsert, 'organizationId' | 'invoiceId' | 'position'>[],
  lineItems: Omit<typeof invoiceLineItems.$inferInsert, 'organizationId' | 'invoiceId' | 'position'>[],
): Promise<void> {
  await tx.delete(invoiceSplits).where(and(eq(invoiceSplits.organizationId, orgId), eq(invoiceSplits.invoiceId, invoiceId)));
  await tx
    .delete(invoiceLineItems)
    .where(and(eq(invoiceLineItems.organizationId, orgId), eq(invoiceLineItems.invoiceId, invoiceId)));
  if (splits.length > 0) {
    await tx
      .insert(invoiceSplits)
      .values(splits.map((split, position) => ({ ...split, organizationId: orgId, invoiceId, position })));
  }
  if (lineItems.length > 0) {
    await tx
      .insert(invoiceLineItems)
      .values(lineItems.map((item, position) => ({ ...item, organizationId: orgId, invoiceId, position })));
  }
}

export async function deleteInvoiceRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id)));
}

export async function findInvoiceFile(tx: Tx, orgId: OrgId, invoiceId: string, fileId: string): Promise<InvoiceFileRow | null> {
  const [row] = await tx
    .select()
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.organizationId, orgId), eq(invoiceFiles.invoiceId, invoiceId), eq(invoiceFiles.id, fileId)))
    .limit(1);
  return row ?? null;
}

export async function deleteInvoiceFile(tx: Tx, orgId: OrgId, fileId: string): Promise<void> {
  await tx.delete(invoiceFiles).where(and(eq(invoiceFiles.organizationId, orgId), eq(invoiceFiles.id, fileId)));
}

export async function listComments(tx: Tx, orgId: OrgId, invoiceId: string) {
  return tx
    .select({
      id: invoiceComments.id,
      authorId: invoiceComments.authorId,
      authorName: users.name,
      authorEmail: users.email,
      body: invoiceComments.body,
      createdAt: invoiceComments.createdAt,
    })
    .from(invoiceComments)
    .leftJoin(users, eq(users.id, invoiceComments.authorId))
    .where(and(eq(invoiceComments.organizationId, orgId), eq(invoiceComments.invoiceId, invoiceId)))
    .orderBy(asc(invoiceComments.createdAt), asc(invoiceComments.id));
}

export async function insertComment(tx: Tx, values: typeof invoiceComments.$inferInsert) {
  const [row] = await tx.insert(invoiceComments).values(values).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/**
 * The invoice's log, newest first, with the entries of its approval requests and their items;
 * the actor's name where the actor is a user.
 */
export async function listInvoiceActivity(tx: Tx, orgId: OrgId, invoiceId: string): Promise<ActivityLogEntry[]> {
  // Through the requests' and items' ids, so each part is a probe of activity_log_entity_idx.
  const requestIds = sql`select ${approvalRequests.id}::text from ${approvalRequests} where ${approvalRequests.organizationId} = ${orgId}
      and ${approvalRequests.entityType} = 'invoice' and ${approvalRequests.entityId} = ${invoiceId}`;
  const itemIds = sql`select ${approvalItems.id}::text from ${approvalItems} where ${approvalItems.organizationId} = ${orgId}
      and ${approvalItems.requestId} in (select ${approvalRequests.id} from ${approvalRequests} where ${approvalRequests.organizationId} = ${orgId}
      and ${approvalRequests.entityType} = 'invoice' and ${approvalRequests.entityId} = ${invoiceId})`;
  return readActivityEntries(
    tx,
    orgId,
    or(
      and(eq(activityLog.entityType, 'invoice'), eq(activityLog.entityId, invoiceId)),
      and(eq(activityLog.entityType, 'approval_request'), sql`${activityLog.entityId} in (${requestIds})`),
      and(eq(activityLog.entityType, 'approval_item'), sql`${activityLog.entityId} in (${itemIds})`),
    )!,
  );
}

/**
 * The status the invoice had when it was last archived: the archive logs `status: { from, to }` in
 * its own transaction, and the log is append-only, so it is the record of where the invoice came
 * from (the invoice row keeps no such column). Null when no archive of it was logged.
 */
export async function findStatusBeforeArchive(tx: Tx, orgId: OrgId, invoiceId: string): Promise<InvoiceStatus | null> {
  const [row] = await tx
    .select({ from: sql<string | null>`${activityLog.changes} -> 'status' ->> 'from'` })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.organizationId, orgId),
        eq(activityLog.entityType, 'invoice'),
        eq(activityLog.entityId, invoiceId),
        sql`${activityLog.changes} -> 'status' ->> 'to' = 'archived'`,
      ),
    )
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(1);
  const from = row?.from ?? null;
  return INVOICE_STATUSES.find((status) => status === from) ?? null;
}

export async function findUserDisplay(tx: Tx, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The organisation's required-field settings (SPEC §5), with defaults for fields added since. */
export async function findRequiredFieldSettings(tx: Tx, orgId: OrgId): Promise<RequiredFieldSettings> {
  const [row] = await tx
    .select({ requiredFields: organizations.requiredFields })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return { ...DEFAULT_REQUIRED_FIELDS, ...row?.requiredFields };
}
