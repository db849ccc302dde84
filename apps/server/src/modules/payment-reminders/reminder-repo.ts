import { and, desc, eq, inArray } from 'drizzle-orm';
import { todayIso } from '@kontor/domain/dates';
import type { Database, OrgId, Tx } from '../../db/database';
import { arInvoices, organizations, paymentReminders, users } from '../../db/schema';
import type { MailDeliveryOutcome } from '../../plugins/foundation-types';
import { appendEvent } from './send-reminder';

export async function organizationToday(tx: Tx, orgId: OrgId, now = new Date()): Promise<string> {
  const [row] = await tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, orgId));
  return todayIso(now, row?.timeZone);
}

/** The names of the people who sent reminders, by user id. */
export async function userNames(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A receivable's reminders, newest first, with the names of their senders. */
export async function listReminderRows(tx: Tx, orgId: OrgId, arInvoiceId: string) {
  const rows = await tx
    .select()
    .from(paymentReminders)
    .where(and(eq(paymentReminders.organizationId, orgId), eq(paymentReminders.arInvoiceId, arInvoiceId)))
    .orderBy(desc(paymentReminders.createdAt));
  const names = await userNames(tx, [...new Set(rows.flatMap((row) => (row.sentBy ? [row.sentBy] : [])))]);
  return { rows, names };
}

/** The outbox tells what became of a reminder's e-mail: delivered (or captured locally) or failed. */
export async function recordReminderDelivery(tx: Tx, mailId: string, outcome: MailDeliveryOutcome): Promise<void> {
  const status = outcome === 'delivered' ? 'delivered' : 'failed';
  await tx
    .update(paymentReminders)
    .set(appendEvent(outcome === 'delivered' ? 'delivered' : 'bounced', status))
    .where(eq(paymentReminders.mailId, mailId));
}

/**
 * The invoice PDF linked from a reminder: the reminder's token is the key (a customer has no
 * session); following it marks the reminder clicked. Null when there is no such reminder or PDF.
 */
export async function reminderDocument(
  database: Database,
  token: string,
): Promise<{ storageKey: string; invoiceNumber: string | null } | null> {
  return database.withSystem(async (tx) => {
    const [row] = await tx
      .select({ storageKey: arInvoices.documentKey, invoiceNumber: arInvoices.invoiceNumber })
      .from(paymentReminders)
      .innerJoin(
        arInvoices,
        and(eq(arInvoices.organizationId, paymentReminders.organizationId), eq(arInvoices.id, paymentReminders.arInvoiceId)),
      )
      .where(eq(paymentReminders.trackingToken, token));
    if (!row?.storageKey) return null;
    await tx.update(paymentReminders).set(appendEvent('clicked')).where(eq(paymentReminders.trackingToken, token));
    return { storageKey: row.storageKey, invoiceNumber: row.invoiceNumber };
  });
}

/** The open pixel: the first load marks the reminder opened. Unknown tokens change nothing. */
export async function recordReminderOpened(database: Database, token: string): Promise<void> {
  await database.withSystem((tx) =>
    tx.update(paymentReminders).set(appendEvent('opened')).where(eq(paymentReminders.trackingToken, token)),
  );
}
