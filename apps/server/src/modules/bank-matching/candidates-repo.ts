import { sql } from 'drizzle-orm';
import {
  DEFAULT_MATCH_SETTINGS,
  type MatchCandidate,
  type MatchLine,
  type MatchLineView,
  type MatchSettings,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';

/** Invoice statuses whose invoice a bank line may pay: anything not rejected, cancelled or archived. */
export const PAYABLE_STATUSES: readonly string[] = ['new', 'in_approval', 'approved', 'exported', 'imported'];

type InvoiceRow = {
  id: string;
  invoice_number: string | null;
  counterparty_name: string | null;
  ibans: string[] | null;
  open: string;
  matched: string;
  currency: string | null;
  date: string | null;
  due_date: string | null;
  skonto: string | null;
  skonto_until: string | null;
};

type PaymentRow = {
  id: string;
  end_to_end_id: string;
  creditor_name: string;
  creditor_iban: string;
  open: string;
  currency: string;
  execution_date: string;
};

/**
 * What outgoing bank lines may pay (issue 62): open supplier invoices, and exported payment-run
 * payments. An invoice whose payment was exported is left to that payment (the bank reports the
 * payment's end-to-end id back), so that it is not proposed twice.
 */
export async function loadMatchCandidates(tx: Tx, orgId: OrgId, invoiceId?: string): Promise<MatchCandidate[]> {
  const invoices = await tx.execute<InvoiceRow>(sql`
    select i.id, i.invoice_number, i.counterparty_name,
      array_remove(array[i.counterparty_iban] || array(
        select a.iban from counterparty_bank_accounts a
        where a.organization_id = i.organization_id and a.counterparty_id = i.counterparty_id), null) as ibans,
      coalesce(i.total_amount, 0) - i.matched_amount as open, i.matched_amount as matched, i.currency, i.date::text,
      i.due_date::text, coalesce(i.skonto_amount, round(i.total_amount * i.skonto_rate / 10000.0)::bigint) as skonto,
      case when i.skonto_ignore_deadline then null else i.skonto_date::text end as skonto_until
    from invoices i
    where i.organization_id = ${orgId} and i.type = 'invoice' and i.status = any(${sql.param([...PAYABLE_STATUSES])}::text[])
      and i.matching_status <> 'fully_matched' and coalesce(i.total_amount, 0) > i.matched_amount
      and not exists (select 1 from transactions t
        where t.organization_id = i.organization_id and t.invoice_id = i.id and t.status = 'exported')
      ${invoiceId ? sql`and i.id = ${invoiceId}` : sql``}`);
  const payments = await tx.execute<PaymentRow>(sql`
    select t.id, t.end_to_end_id, t.creditor_name, t.creditor_iban, t.currency, t.requested_execution_date::text as execution_date,
      t.amount - coalesce((select sum(m.amount + m.write_off) from bank_transaction_matches m
        where m.organization_id = t.organization_id and m.payment_transaction_id = t.id), 0) as open
    from transactions t
    where t.organization_id = ${orgId} and t.status = 'exported' ${invoiceId ? sql`and t.invoice_id = ${invoiceId}` : sql``}`);
  const candidates: MatchCandidate[] = invoices.rows.map((row) => ({
    kind: 'invoice',
    id: row.id,
    reference: row.invoice_number,
    endToEndId: null,
    counterpartyName: row.counterparty_name,
    ibans: row.ibans ?? [],
    direction: 'outgoing',
    openAmount: Number(row.open),
    currency: row.currency ?? 'EUR',
    date: row.date,
    dueDate: row.due_date,
    // A skonto is for paying the whole invoice at once: not for the rest of one paid in part.
    skonto:
      row.skonto !== null && Number(row.skonto) > 0 && Number(row.matched) === 0
        ? { amount: Number(row.skonto), until: row.skonto_until }
        : null,
  }));
  for (const row of payments.rows) {
    if (Number(row.open) <= 0) continue;
    candidates.push({
      kind: 'payment',
      id: row.id,
      reference: row.end_to_end_id,
      endToEndId: row.end_to_end_id,
      counterpartyName: row.creditor_name,
      ibans: [row.creditor_iban],
      direction: 'outgoing',
      openAmount: Number(row.open),
      currency: row.currency,
      date: row.execution_date,
      dueDate: row.execution_date,
      skonto: null,
    });
  }
  return candidates;
}

type LineRow = {
  id: string;
  direction: MatchLine['direction'];
  open: string;
  currency: string;
  booking_date: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  remittance_information: string | null;
  end_to_end_id: string | null;
};

/**
 * Lines with something open: the given ones (a person's proposals), or all of the organisation's
 * that the automatic matching may still take (not those a person unmatched).
 */
export async function loadOpenLines(
  tx: Tx,
  orgId: OrgId,
  ids?: readonly string[],
  options: { includeDeclined?: boolean } = {},
): Promise<MatchLine[]> {
  const result = await tx.execute<LineRow>(sql`
    select id, direction, amount - matched_amount as open, currency, booking_date::text, counterparty_name, counterparty_iban,
      remittance_information, end_to_end_id
    from bank_transactions
    where organization_id = ${orgId} and matching_status <> 'fully_matched' and direction = 'outgoing'
      ${ids ? sql`and id = any(${sql.param([...ids])}::uuid[])` : options.includeDeclined ? sql`` : sql`and not auto_match_declined`}`);
  return result.rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    amount: Number(row.open),
    currency: row.currency,
    bookingDate: row.booking_date,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    remittance: row.remittance_information,
    endToEndId: row.end_to_end_id,
  }));
}

export async function loadMatchSettings(tx: Tx, orgId: OrgId): Promise<MatchSettings> {
  const result = await tx.execute<{ bank_auto_match: boolean; bank_match_tolerance: number }>(sql`
    select bank_auto_match, bank_match_tolerance from organizations where id = ${orgId}`);
  const row = result.rows[0];
  return {
    ...DEFAULT_MATCH_SETTINGS,
    autoMatch: row?.bank_auto_match ?? DEFAULT_MATCH_SETTINGS.autoMatch,
    amountTolerance: row?.bank_match_tolerance ?? DEFAULT_MATCH_SETTINGS.amountTolerance,
  };
}

export async function lineExists(tx: Tx, orgId: OrgId, lineId: string): Promise<boolean> {
  const result = await tx.execute(sql`select 1 from bank_transactions where organization_id = ${orgId} and id = ${lineId}`);
  return result.rows.length > 0;
}

export async function invoiceExists(tx: Tx, orgId: OrgId, invoiceId: string): Promise<boolean> {
  const result = await tx.execute(sql`select 1 from invoices where organization_id = ${orgId} and id = ${invoiceId}`);
  return result.rows.length > 0;
}

/** The lines of proposals as the UI shows them. */
export async function loadLineViews(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<Map<string, MatchLineView>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<{
    id: string;
    booking_date: string;
    open: string;
    amount: string;
    currency: string;
    counterparty_name: string | null;
    counterparty_iban: string | null;
    remittance_information: string | null;
  }>(sql`
    select id, booking_date::text, amount - matched_amount as open, amount, currency, counterparty_name, counterparty_iban,
      remittance_information
    from bank_transactions where organization_id = ${orgId} and id = any(${sql.param([...ids])}::uuid[])`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        id: row.id,
        bookingDate: row.booking_date,
        openAmount: Number(row.open),
        amount: Number(row.amount),
        currency: row.currency,
        counterpartyName: row.counterparty_name,
        counterpartyIban: row.counterparty_iban,
        remittanceInformation: row.remittance_information,
      },
    ]),
  );
}
