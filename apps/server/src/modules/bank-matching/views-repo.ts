import { sql } from 'drizzle-orm';
import type { BankMatchView, MatchTargetView } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';

type TargetRow = {
  kind: 'invoice' | 'payment';
  id: string;
  invoice_id: string | null;
  reference: string | null;
  counterparty_name: string | null;
  open: string;
  total: string;
  currency: string | null;
  due_date: string | null;
};

function toTarget(row: TargetRow): MatchTargetView {
  return {
    kind: row.kind,
    id: row.id,
    invoiceId: row.invoice_id,
    reference: row.reference,
    counterpartyName: row.counterparty_name,
    openAmount: Math.max(0, Number(row.open)),
    total: Number(row.total),
    currency: row.currency ?? 'EUR',
    dueDate: row.due_date,
  };
}

/** What the UI shows of invoices and payments a line pays or may pay, by id. */
export async function loadTargets(
  tx: Tx,
  orgId: OrgId,
  ids: { invoices: readonly string[]; payments: readonly string[] },
): Promise<Map<string, MatchTargetView>> {
  const targets = new Map<string, MatchTargetView>();
  if (ids.invoices.length > 0) {
    const invoices = await tx.execute<TargetRow>(sql`
      select 'invoice' as kind, i.id, i.id as invoice_id, i.invoice_number as reference, i.counterparty_name,
        coalesce(i.total_amount, 0) - i.matched_amount as open, coalesce(i.total_amount, 0) as total, i.currency, i.due_date::text
      from invoices i where i.organization_id = ${orgId} and i.id = any(${sql.param([...ids.invoices])}::uuid[])`);
    for (const row of invoices.rows) targets.set(row.id, toTarget(row));
  }
  if (ids.payments.length > 0) {
    const payments = await tx.execute<TargetRow>(sql`
      select 'payment' as kind, t.id, t.invoice_id, t.end_to_end_id as reference, t.creditor_name as counterparty_name,
        t.amount - coalesce((select sum(m.amount + m.write_off) from bank_transaction_matches m
          where m.organization_id = t.organization_id and m.payment_transaction_id = t.id), 0) as open,
        t.amount as total, t.currency, t.requested_execution_date::text as due_date
      from transactions t where t.organization_id = ${orgId} and t.id = any(${sql.param([...ids.payments])}::uuid[])`);
    for (const row of payments.rows) targets.set(row.id, toTarget(row));
  }
  return targets;
}

type MatchRow = {
  id: string;
  bank_transaction_id: string;
  invoice_id: string | null;
  payment_transaction_id: string | null;
  amount: string;
  write_off: string;
  origin: 'automatic' | 'manual';
  reasons: BankMatchView['reasons'];
  created_at: Date;
  booking_date: string;
  line_amount: string;
  line_currency: string;
  line_counterparty: string | null;
  line_remittance: string | null;
};

/** The matches of a bank line, or of an invoice (its own and those through its payment). */
export async function listMatches(
  tx: Tx,
  orgId: OrgId,
  of: { lineId: string } | { invoiceId: string },
): Promise<BankMatchView[]> {
  const where = 'lineId' in of ? sql`m.bank_transaction_id = ${of.lineId}` : sql`m.invoice_id = ${of.invoiceId}`;
  const result = await tx.execute<MatchRow>(sql`
    select m.id, m.bank_transaction_id, m.invoice_id, m.payment_transaction_id, m.amount, m.write_off, m.origin, m.reasons,
      m.created_at, b.booking_date::text as booking_date, b.amount as line_amount, b.currency as line_currency,
      b.counterparty_name as line_counterparty, b.remittance_information as line_remittance
    from bank_transaction_matches m
    join bank_transactions b on b.organization_id = m.organization_id and b.id = m.bank_transaction_id
    where m.organization_id = ${orgId} and ${where}
    order by m.created_at, m.id`);
  const targets = await loadTargets(tx, orgId, {
    invoices: result.rows.flatMap((row) => (row.payment_transaction_id === null && row.invoice_id ? [row.invoice_id] : [])),
    payments: result.rows.flatMap((row) => (row.payment_transaction_id ? [row.payment_transaction_id] : [])),
  });
  return result.rows.flatMap((row) => {
    const target = targets.get(row.payment_transaction_id ?? row.invoice_id ?? '');
    if (!target) return [];
    return [
      {
        id: row.id,
        bankTransactionId: row.bank_transaction_id,
        target,
        amount: Number(row.amount),
        writeOff: Number(row.write_off),
        origin: row.origin,
        reasons: row.reasons,
        createdAt: new Date(row.created_at).toISOString(),
        line: {
          bookingDate: row.booking_date,
          amount: Number(row.line_amount),
          currency: row.line_currency,
          counterpartyName: row.line_counterparty,
          remittanceInformation: row.line_remittance,
        },
      },
    ];
  });
}
