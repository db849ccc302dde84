import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceLanguage, ReceivableStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { arInvoices, counterparties, organizations } from '../../db/schema';

/** A receivable with what a reminder of it needs: amounts, dates, the customer's addresses. */
export interface ReminderCandidate {
  id: string;
  invoiceNumber: string | null;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  totalAmount: number;
  paidAmount: number;
  status: ReceivableStatus;
  version: number;
  documentKey: string | null;
  documentVersion: number | null;
  customerName: string;
  customerEmail: string | null;
  reminderEmails: string[] | null;
  remindersEnabled: boolean;
  language: InvoiceLanguage;
}

/** Where a reminder may go: the customer's reminder addresses, else its e-mail (SPEC §3). */
export function reminderRecipients(candidate: Pick<ReminderCandidate, 'customerEmail' | 'reminderEmails'>): string[] {
  if (candidate.reminderEmails && candidate.reminderEmails.length > 0) return candidate.reminderEmails;
  return candidate.customerEmail ? [candidate.customerEmail] : [];
}

const COLUMNS = {
  id: arInvoices.id,
  invoiceNumber: arInvoices.invoiceNumber,
  invoiceDate: arInvoices.invoiceDate,
  dueDate: arInvoices.dueDate,
  currency: arInvoices.currency,
  totalAmount: arInvoices.totalAmount,
  paidAmount: arInvoices.paidAmount,
  status: arInvoices.status,
  version: arInvoices.version,
  documentKey: arInvoices.documentKey,
  documentVersion: arInvoices.documentVersion,
  customerName: counterparties.name,
  customerEmail: counterparties.email,
  reminderEmails: counterparties.paymentReminderEmails,
  remindersEnabled: counterparties.paymentRemindersEnabled,
  language: counterparties.invoiceLanguage,
};

async function selectCandidates(tx: Tx, orgId: OrgId, where: SQL | undefined): Promise<ReminderCandidate[]> {
  return tx
    .select(COLUMNS)
    .from(arInvoices)
    .innerJoin(
      counterparties,
      and(eq(counterparties.organizationId, arInvoices.organizationId), eq(counterparties.id, arInvoices.counterpartyId)),
    )
    .where(and(eq(arInvoices.organizationId, orgId), where));
}

export async function readReminderCandidate(tx: Tx, orgId: OrgId, id: string): Promise<ReminderCandidate | null> {
  const [row] = await selectCandidates(tx, orgId, eq(arInvoices.id, id));
  return row ?? null;
}

/** Issued, open invoices due on or before `dueBy`: one indexed query (ar_invoices_status_due_idx). */
export async function listOverdueCandidates(tx: Tx, orgId: OrgId, dueBy: string): Promise<ReminderCandidate[]> {
  return selectCandidates(
    tx,
    orgId,
    and(inArray(arInvoices.status, ['outstanding', 'partially_paid']), lte(arInvoices.dueDate, dueBy)),
  );
}

/** The name reminders are signed with: the company details' legal name, else the organisation's. */
export async function companyName(tx: Tx, orgId: OrgId): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`coalesce(${organizations.companyDetails}->>'legalName', ${organizations.name})` })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? '';
}
