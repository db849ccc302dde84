import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { writeActivity } from '../activity-log/writer';

/** How far a booking may lie from the payment's requested execution date to count as it (no end-to-end id). */
const DAYS_BEFORE = 3;
const DAYS_AFTER = 10;

/**
 * Issue 61 item 6: an outgoing bank line that is an exported payment books it: the payment gets
 * the bank's booking date (its export bookings and the payment history use it) and the line
 * names the payment. The end-to-end id decides where the bank passed it on; otherwise amount,
 * currency, creditor IBAN and a booking date near the execution date must all agree. Each
 * payment is booked by one line and each line books one payment: the end-to-end match first,
 * then the nearest date.
 */
export async function bookExportedPayments(tx: Tx, orgId: OrgId, lineIds: readonly string[]): Promise<number> {
  const result = await tx.execute<{ payment_id: string; line_id: string; booking_date: string; by_reference: boolean }>(sql`
    with lines as (
      select id, end_to_end_id, amount, currency, counterparty_iban, booking_date
      from bank_transactions
      where organization_id = ${orgId} and id = any(${sql.param([...lineIds])}::uuid[]) and direction = 'outgoing'
        and payment_transaction_id is null
    ),
    candidates as (
      select t.id as payment_id, l.id as line_id, l.booking_date, true as by_reference, 0 as distance
      from lines l
      join transactions t on t.organization_id = ${orgId} and t.status = 'exported' and t.booking_date is null
        and t.end_to_end_id = l.end_to_end_id and t.currency = l.currency
      where l.end_to_end_id is not null
      union all
      select t.id, l.id, l.booking_date, false, abs(l.booking_date - t.requested_execution_date)
      from lines l
      join transactions t on t.organization_id = ${orgId} and t.status = 'exported' and t.booking_date is null
        and t.creditor_iban = l.counterparty_iban and t.amount = l.amount and t.currency = l.currency
        and l.booking_date between t.requested_execution_date - ${DAYS_BEFORE}::int and t.requested_execution_date + ${DAYS_AFTER}::int
      where l.counterparty_iban is not null
    ),
    per_line as (
      select distinct on (line_id) * from candidates order by line_id, by_reference desc, distance, payment_id
    ),
    chosen as (
      select distinct on (payment_id) * from per_line order by payment_id, by_reference desc, distance, line_id
    ),
    booked as (
      update transactions t set booking_date = c.booking_date, updated_at = now()
      from chosen c
      where t.organization_id = ${orgId} and t.id = c.payment_id and t.booking_date is null
      returning t.id
    ),
    linked as (
      update bank_transactions b set payment_transaction_id = c.payment_id
      from chosen c
      where b.organization_id = ${orgId} and b.id = c.line_id and c.payment_id in (select id from booked)
      returning b.id
    )
    select c.payment_id, c.line_id, c.booking_date::text as booking_date, c.by_reference
    from chosen c where c.payment_id in (select id from booked)`);
  for (const row of result.rows) {
    await writeActivity(tx, orgId, {
      entityType: 'transaction',
      entityId: row.payment_id,
      action: 'update',
      actor: { type: 'system' },
      changes: {
        bookingDate: { from: null, to: row.booking_date },
        bankTransactionId: row.line_id,
        matchedBy: row.by_reference ? 'end_to_end_id' : 'amount_iban_date',
      },
    });
  }
  return result.rows.length;
}
