import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { sandboxBankConsents } from '../../../db/schema';
import type { PayableInvoice } from './sandbox-statement';

/** The sandbox bank's own queries: it runs as the owner (withSystem), being no tenant of Kontor. */
export type SandboxConsentRow = typeof sandboxBankConsents.$inferSelect;

export async function insertSandboxConsent(
  tx: Tx,
  values: Pick<SandboxConsentRow, 'institutionId' | 'redirectUrl' | 'reference' | 'validForDays'>,
): Promise<SandboxConsentRow> {
  const [row] = await tx.insert(sandboxBankConsents).values(values).returning();
  return row!;
}

export async function findSandboxConsent(tx: Tx, id: string): Promise<SandboxConsentRow | null> {
  const [row] = await tx.select().from(sandboxBankConsents).where(eq(sandboxBankConsents.id, id)).limit(1);
  return row ?? null;
}

/** Answers the consent once: a second click (back button) finds it decided and changes nothing. */
export async function decideSandboxConsent(tx: Tx, id: string, isAllowed: boolean): Promise<SandboxConsentRow | null> {
  const [row] = await tx
    .update(sandboxBankConsents)
    .set(
      isAllowed
        ? { status: 'granted', validUntil: sql`now() + make_interval(days => ${sandboxBankConsents.validForDays})` }
        : { status: 'denied' },
    )
    .where(sql`${sandboxBankConsents.id} = ${id} and ${sandboxBankConsents.status} = 'pending'`)
    .returning();
  return row ?? null;
}

export async function deleteSandboxConsent(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(sandboxBankConsents)
    .where(eq(sandboxBankConsents.id, id))
    .returning({ id: sandboxBankConsents.id });
  return rows.length > 0;
}

/**
 * Who holds the consent, for the demo only: a real bank knows its customer; the sandbox has none,
 * so it looks up the organisation whose connection names the consent, to name the account holder
 * and to let the account pay that organisation's invoices (issue 60: the demo's statements match).
 */
export async function findSandboxCustomer(tx: Tx, consentId: string): Promise<{ organizationId: string; name: string } | null> {
  const result = await tx.execute<{ organization_id: string; name: string }>(sql`
    select bc.organization_id, o.name from bank_connections bc join organizations o on o.id = bc.organization_id
     where bc.consent_id = ${consentId} or bc.renewal_consent_id = ${consentId}
     limit 1`);
  return result.rows[0] ? { organizationId: result.rows[0].organization_id, name: result.rows[0].name } : null;
}

/** The organisation's latest invoices with a number and an amount, which the sandbox account pays. */
export async function listPayableInvoices(tx: Tx, organizationId: string, limit = 12): Promise<PayableInvoice[]> {
  const result = await tx.execute<{
    id: string;
    invoice_number: string;
    total_amount: string;
    currency: string;
    counterparty_name: string | null;
    counterparty_iban: string | null;
    payable_from: string | null;
    skonto_amount: string | null;
    skonto_rate: number | null;
    skonto_date: string | null;
    created_on: string;
  }>(sql`
    select id, invoice_number, total_amount::text as total_amount, currency, counterparty_name, counterparty_iban,
           coalesce(due_date, date)::text as payable_from, skonto_amount::text as skonto_amount, skonto_rate,
           skonto_date::text as skonto_date, (created_at at time zone 'Europe/Berlin')::date::text as created_on
      from invoices
     where organization_id = ${organizationId} and type = 'invoice' and invoice_number is not null
       and total_amount > 0 and currency is not null and status not in ('cancelled', 'rejected')
     order by created_at desc, id
     limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoice_number,
    totalAmount: Number(row.total_amount),
    currency: row.currency,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    payableFrom: row.payable_from,
    skontoAmount: row.skonto_amount === null ? null : Number(row.skonto_amount),
    skontoRate: row.skonto_rate,
    skontoDate: row.skonto_date,
    createdOn: row.created_on,
  }));
}
