import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isReadingError, withoutOwnOrganisation } from '@kontor/formats';
import { asOrgId, type Database, type OrgId, type Tx } from '../../db/database';
import { invoiceFiles, invoiceLineItems, invoices, organizations } from '../../db/schema';
import type { FileStorage } from '../../plugins/foundation-types';
import { diffFields, writeActivity } from '../activity-log/writer';
import { renameColumnsToFields } from '../invoices/field-names';
import { findInvoice, updateInvoiceVersioned, type InvoiceRow } from '../invoices/repo';
import { findMissingFormalItems } from './checks';
import { findCounterpartyFill, proposeCounterparty, recogniseCounterparty } from './counterparty-match';
import { documentPaymentOf } from './document-payment';
import { fillInvoice } from './fill-invoice';
import { findCounterpartyAccounts } from './payment-account';
import { readDocument, type DocumentReading } from './read-document';
import { findDuplicates, saveProgress, saveReading } from './repo';

export interface ReadInvoicePayload {
  orgId: string;
  invoiceId: string;
}

const SYSTEM = { type: 'system' } as const;

/**
 * The reading job's work: claim the invoice (pending → processing), read its document outside
 * any transaction, then fill the empty fields and store the reading in one transaction. Any
 * failure ends as 'failed' with its code; the document stays and the person fills in by hand.
 * Idempotent: an invoice no longer pending or processing is left alone, and only empty fields
 * are filled, so a second run changes nothing a person typed.
 */
export class InvoiceReader {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(payload: ReadInvoicePayload): Promise<void> {
    const orgId = asOrgId(payload.orgId);
    const { invoiceId } = payload;
    const tenant = { orgId, userId: null };
    const document = await this.database.withOrg(tenant, (tx) => claim(tx, orgId, invoiceId));
    if (document === undefined) return;
    const report = (percent: number) => this.database.withOrg(tenant, (tx) => saveProgress(tx, orgId, invoiceId, percent));
    let reading: DocumentReading;
    try {
      if (!document) throw new Error('the invoice has no document');
      const stored = await this.storage.get(document.storageKey);
      if (!stored) throw new Error(`document ${document.storageKey} is missing in storage`);
      await report(10);
      reading = await readDocument(new Uint8Array(stored.body), document.contentType, report);
      await report(95);
    } catch (error) {
      const code = isReadingError(error) ? error.code : 'internal';
      this.log[isReadingError(error) ? 'info' : 'error']({ err: error, invoiceId }, 'invoice reading failed');
      await this.database.withOrg(tenant, (tx) => markFailed(tx, orgId, invoiceId, code));
      return;
    }
    await this.database.withOrg(tenant, (tx) => applyReading(tx, orgId, invoiceId, reading));
  }
}

/** undefined: nothing to do; null: running but without a document (fails below). */
async function claim(tx: Tx, orgId: OrgId, invoiceId: string) {
  const row = await findInvoice(tx, orgId, invoiceId, undefined, { lock: true });
  if (!row || (row.ocrStatus !== 'pending' && row.ocrStatus !== 'processing')) return undefined;
  await setOcrStatus(tx, orgId, invoiceId, 'processing');
  await saveProgress(tx, orgId, invoiceId, 5);
  const [document] = await tx
    .select({ storageKey: invoiceFiles.storageKey, contentType: invoiceFiles.contentType })
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.organizationId, orgId), eq(invoiceFiles.invoiceId, invoiceId), eq(invoiceFiles.kind, 'document')))
    .limit(1);
  return document ?? null;
}

/** The scan status is the job's own state: it moves without a version bump (no field changes). */
async function setOcrStatus(tx: Tx, orgId: OrgId, invoiceId: string, status: InvoiceRow['ocrStatus']): Promise<void> {
  await tx
    .update(invoices)
    .set({ ocrStatus: status })
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, invoiceId)));
}

export async function markFailed(tx: Tx, orgId: OrgId, invoiceId: string, errorCode: string): Promise<void> {
  const row = await findInvoice(tx, orgId, invoiceId, undefined, { lock: true });
  if (!row || (row.ocrStatus !== 'pending' && row.ocrStatus !== 'processing')) return;
  await setOcrStatus(tx, orgId, invoiceId, 'failed');
  await saveReading(tx, orgId, invoiceId, {
    kind: null,
    profile: null,
    progress: 100,
    errorCode,
    fields: {},
    proposedCounterparty: null,
    duplicates: [],
    hybridMismatches: [],
    missingFormalItems: [],
    unsupportedCurrency: null,
    payment: null,
    ruleWarnings: [],
    readAt: new Date(),
  });
}

async function applyReading(tx: Tx, orgId: OrgId, invoiceId: string, reading: DocumentReading): Promise<void> {
  const row = await findInvoice(tx, orgId, invoiceId, undefined, { lock: true });
  // Deleted, or reset by someone while the document was read.
  if (!row || row.ocrStatus !== 'processing') return;
  const [organization] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  // The address window names the organisation itself: it is never the supplier.
  const invoice = organization ? withoutOwnOrganisation(reading.invoice, organization.name) : reading.invoice;
  const [{ lineItemCount } = { lineItemCount: 0 }] = await tx
    .select({ lineItemCount: count() })
    .from(invoiceLineItems)
    .where(and(eq(invoiceLineItems.organizationId, orgId), eq(invoiceLineItems.invoiceId, invoiceId)));
  const recognised = row.counterpartyId === null ? await recogniseCounterparty(tx, orgId, invoice) : null;
  const [counterpartyFill, counterpartyAccounts] = await Promise.all([
    recognised ? findCounterpartyFill(tx, orgId, recognised.id) : null,
    findCounterpartyAccounts(tx, orgId, row.counterpartyId ?? recognised?.id ?? null),
  ]);
  const fill = fillInvoice(invoice, {
    row,
    lineItemCount,
    counterparty: recognised ? { ...recognised, fill: counterpartyFill } : null,
    counterpartyIbans: counterpartyAccounts?.accounts.map((account) => account.iban) ?? [],
  });
  const after = await updateInvoiceVersioned(tx, orgId, invoiceId, row.version, { ...fill.patch, ocrStatus: 'done' });
  if (!after) throw new Error('invoice changed while it was locked');
  if (fill.lineItems) {
    await tx
      .insert(invoiceLineItems)
      .values(fill.lineItems.map((item, position) => ({ ...item, organizationId: orgId, invoiceId, position })));
  }
  await saveReading(tx, orgId, invoiceId, {
    kind: invoice.kind,
    profile: invoice.profile,
    progress: 100,
    errorCode: null,
    fields: fill.marks,
    proposedCounterparty: after.counterpartyId === null ? proposeCounterparty(invoice) : null,
    duplicates: await findDuplicates(tx, orgId, after),
    hybridMismatches: reading.hybridMismatches,
    missingFormalItems: findMissingFormalItems(invoice),
    unsupportedCurrency: fill.unsupportedCurrency,
    payment: documentPaymentOf(invoice),
    ruleWarnings: invoice.ruleWarnings,
    readAt: new Date(),
  });
  const changes: Record<string, unknown> = renameColumnsToFields(
    diffFields(row as unknown as Record<string, unknown>, fill.patch),
  );
  if (fill.lineItems) changes.lineItems = { from: [], to: fill.lineItems };
  await writeActivity(tx, orgId, { entityType: 'invoice', entityId: invoiceId, action: 'update', actor: SYSTEM, changes });
}
