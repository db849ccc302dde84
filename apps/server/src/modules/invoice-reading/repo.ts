import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DuplicateCandidate, InvoiceReading } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { invoiceReadings, invoices } from '../../db/schema';

export type InvoiceReadingRow = typeof invoiceReadings.$inferSelect;
export type InvoiceReadingInsert = Omit<typeof invoiceReadings.$inferInsert, 'organizationId' | 'invoiceId'>;

export async function findReading(tx: Tx, orgId: OrgId, invoiceId: string): Promise<InvoiceReadingRow | null> {
  const [row] = await tx
    .select()
    .from(invoiceReadings)
    .where(and(eq(invoiceReadings.organizationId, orgId), eq(invoiceReadings.invoiceId, invoiceId)))
    .limit(1);
  return row ?? null;
}

/** One row per invoice: a second run of the job replaces what the first one stored. */
export async function saveReading(tx: Tx, orgId: OrgId, invoiceId: string, values: InvoiceReadingInsert): Promise<void> {
  await tx
    .insert(invoiceReadings)
    .values({ ...values, organizationId: orgId, invoiceId })
    .onConflictDoUpdate({
      target: [invoiceReadings.organizationId, invoiceReadings.invoiceId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function saveProgress(tx: Tx, orgId: OrgId, invoiceId: string, progress: number): Promise<void> {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  await tx
    .insert(invoiceReadings)
    .values({ organizationId: orgId, invoiceId, progress: value })
    .onConflictDoUpdate({
      target: [invoiceReadings.organizationId, invoiceReadings.invoiceId],
      set: { progress: value, updatedAt: sql`now()` },
    });
}

/** Drops the read marks of fields a person has since changed (jsonb minus text[]). */
export async function forgetReadMarks(tx: Tx, orgId: OrgId, invoiceId: string, fields: string[]): Promise<void> {
  if (fields.length === 0) return;
  await tx
    .update(invoiceReadings)
    .set({ fields: sql`${invoiceReadings.fields} - ${`{${fields.join(',')}}`}::text[]` })
    .where(and(eq(invoiceReadings.organizationId, orgId), eq(invoiceReadings.invoiceId, invoiceId)));
}

/** Progress of the invoices on a page that are being read, for the overview. */
export async function findProgress(tx: Tx, orgId: OrgId, invoiceIds: string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await tx
    .select({ invoiceId: invoiceReadings.invoiceId, progress: invoiceReadings.progress })
    .from(invoiceReadings)
    .where(and(eq(invoiceReadings.organizationId, orgId), inArray(invoiceReadings.invoiceId, invoiceIds)));
  return new Map(rows.map((row) => [row.invoiceId, row.progress]));
}

export interface DuplicateProbe {
  id: string;
  counterpartyId: string | null;
  counterpartyName: string | null;
  invoiceNumber: string | null;
  totalAmount: number | null;
  date: string | null;
}

/**
 * Other live invoices of the same counterparty with the same number, or the same total and date.
 * "Same counterparty" is the linked counterparty, or the same name where none is linked yet.
 * Cancelled invoices are no duplicates: they were withdrawn.
 */
export async function findDuplicates(tx: Tx, orgId: OrgId, probe: DuplicateProbe): Promise<DuplicateCandidate[]> {
  const sameParty = probe.counterpartyId
    ? eq(invoices.counterpartyId, probe.counterpartyId)
    : probe.counterpartyName
      ? sql`lower(${invoices.counterpartyName}) = lower(${probe.counterpartyName})`
      : undefined;
  if (!sameParty) return [];
  const sameNumber = probe.invoiceNumber ? eq(invoices.invoiceNumber, probe.invoiceNumber) : undefined;
  const sameAmountDate =
    probe.totalAmount !== null && probe.date
      ? and(eq(invoices.totalAmount, probe.totalAmount), eq(invoices.date, probe.date))
      : undefined;
  if (!sameNumber && !sameAmountDate) return [];
  const rows = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      date: invoices.date,
      totalAmount: invoices.totalAmount,
      status: invoices.status,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        ne(invoices.id, probe.id),
        notInArray(invoices.status, ['cancelled']),
        sameParty,
        or(sameNumber, sameAmountDate),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(5);
  return rows.map((row) => ({
    ...row,
    reason: probe.invoiceNumber && row.invoiceNumber === probe.invoiceNumber ? 'same_number' : 'same_amount_date',
  }));
}

/** The stored reading as the invoice answer shows it, with the duplicates found now. */
export function toReadingView(row: InvoiceReadingRow, duplicates: DuplicateCandidate[]): InvoiceReading {
  return {
    kind: row.kind,
    profile: row.profile,
    progress: row.progress,
    errorCode: row.errorCode,
    fields: row.fields,
    proposedCounterparty: row.proposedCounterparty,
    duplicates,
    hybridMismatches: row.hybridMismatches,
    missingFormalItems: row.missingFormalItems,
    readAt: row.readAt?.toISOString() ?? null,
    unsupportedCurrency: row.unsupportedCurrency,
    payment: row.payment,
    ruleWarnings: row.ruleWarnings,
  };
}
