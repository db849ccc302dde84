import type { ArInvoice, ArInvoiceListItem } from '@kontor/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { arInvoiceLines, arInvoiceNumbering, arInvoices, counterparties } from '../../db/schema';

export type ArInvoiceRow = typeof arInvoices.$inferSelect;
export type ArInvoiceInsert = typeof arInvoices.$inferInsert;
export type ArLineInsert = Omit<typeof arInvoiceLines.$inferInsert, 'organizationId' | 'arInvoiceId'>;

/** The receivable, locked for a change when `lock` is set; null when not in this organisation. */
export async function findArInvoiceRow(tx: Tx, orgId: OrgId, id: string, lock = false): Promise<ArInvoiceRow | null> {
  const query = tx
    .select()
    .from(arInvoices)
    .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertArInvoiceRow(
  tx: Tx,
  orgId: OrgId,
  values: Omit<ArInvoiceInsert, 'organizationId'>,
): Promise<ArInvoiceRow> {
  const [row] = await tx
    .insert(arInvoices)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row!;
}

/** Updates the row and bumps its version (the caller holds its lock and checked the version). */
export async function updateArInvoiceRow(
  tx: Tx,
  orgId: OrgId,
  row: ArInvoiceRow,
  patch: Partial<Omit<ArInvoiceInsert, 'organizationId' | 'id' | 'version'>>,
): Promise<ArInvoiceRow> {
  const [updated] = await tx
    .update(arInvoices)
    .set({ ...patch, version: row.version + 1, updatedAt: new Date() })
    .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.id, row.id)))
    .returning();
  return updated!;
}

export async function replaceArLines(tx: Tx, orgId: OrgId, arInvoiceId: string, lines: ArLineInsert[]): Promise<void> {
  await tx
    .delete(arInvoiceLines)
    .where(and(eq(arInvoiceLines.organizationId, orgId), eq(arInvoiceLines.arInvoiceId, arInvoiceId)));
  if (lines.length > 0) {
    await tx.insert(arInvoiceLines).values(lines.map((line) => ({ ...line, organizationId: orgId, arInvoiceId })));
  }
}

/**
 * The next number of the organisation's sequence. One UPDATE … RETURNING takes the row lock until
 * the transaction ends, so concurrent issues wait for each other; a rolled-back issue gives its
 * number back with the rollback: no gaps, no doubles (§14 UStG wants a unique sequence).
 */
export async function takeArInvoiceNumber(tx: Tx, orgId: OrgId): Promise<string> {
  await tx.insert(arInvoiceNumbering).values({ organizationId: orgId }).onConflictDoNothing();
  const [row] = await tx
    .update(arInvoiceNumbering)
    .set({ nextNumber: sql`${arInvoiceNumbering.nextNumber} + 1` })
    .where(eq(arInvoiceNumbering.organizationId, orgId))
    .returning({ prefix: arInvoiceNumbering.prefix, taken: sql<string>`${arInvoiceNumbering.nextNumber} - 1` });
  return `${row!.prefix}${row!.taken}`;
}

export async function isArInvoiceNumberTaken(tx: Tx, orgId: OrgId, invoiceNumber: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: arInvoices.id })
    .from(arInvoices)
    .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.invoiceNumber, invoiceNumber)));
  return !!row;
}

export async function counterpartyOf(
  tx: Tx,
  orgId: OrgId,
  id: string,
): Promise<{ name: string; accountsReceivableNumber: string | null } | null> {
  const [row] = await tx
    .select({ name: counterparties.name, accountsReceivableNumber: counterparties.accountsReceivableNumber })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, id)));
  return row ?? null;
}

/** The receivable with its counterparty and lines, as the API shows it. */
export async function readArInvoice(tx: Tx, orgId: OrgId, id: string): Promise<ArInvoice | null> {
  const row = await findArInvoiceRow(tx, orgId, id);
  if (!row) return null;
  const [counterparty, lines] = await Promise.all([
    counterpartyOf(tx, orgId, row.counterpartyId),
    tx
      .select()
      .from(arInvoiceLines)
      .where(and(eq(arInvoiceLines.organizationId, orgId), eq(arInvoiceLines.arInvoiceId, id)))
      .orderBy(asc(arInvoiceLines.position)),
  ]);
  return {
    ...toListItem(row, counterparty?.name ?? '', counterparty?.accountsReceivableNumber ?? null),
    servicePeriodStart: row.servicePeriodStart,
    servicePeriodEnd: row.servicePeriodEnd,
    taxBreakdown: row.taxBreakdown,
    notes: row.notes,
    paymentTermDays: row.paymentTermDays,
    skontoRate: row.skontoRate,
    skontoDays: row.skontoDays,
    correctedInvoiceId: row.correctedInvoiceId,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    lineItems: lines.map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      quantity: Number(line.quantity),
      unit: line.unit,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      netAmount: line.netAmount,
    })),
  };
}

export function toListItem(row: ArInvoiceRow, counterpartyName: string, counterpartyArNumber: string | null): ArInvoiceListItem {
  return {
    id: row.id,
    version: row.version,
    type: row.type,
    status: row.status,
    invoiceNumber: row.invoiceNumber,
    counterpartyId: row.counterpartyId,
    counterpartyName,
    counterpartyArNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    totalAmount: row.totalAmount,
    paidAmount: row.paidAmount,
    paidOn: row.paidOn,
  };
}
