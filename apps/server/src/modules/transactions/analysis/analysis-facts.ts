import { sql, type SQL } from 'drizzle-orm';
import type { OrgId, Tx } from '../../../db/database';
import { accountVerifiedSql } from '../../counterparties/account-verified-sql';
import type { TransactionRow } from '../transaction-rows';

/**
 * What the fraud checks read, loaded for every analysed row at once: a payment run may hold
 * 10,000 transactions, so each kind of fact is one set-based statement over a JSON list of the
 * rows (one parameter, whatever the count), never a query per row.
 */

/** Payments that already left the company for one IBAN and one counterparty (null: unknown). */
export interface PaidGroup {
  iban: string;
  counterpartyId: string | null;
  /** All time. */
  count: number;
  /** Within HISTORY_WINDOW_MONTHS before today. */
  recentCount: number;
  recentAmount: number;
}

export interface CounterpartyAccountFacts {
  id: string;
  iban: string;
  /** When the account got its IBAN: created with it, or the IBAN edited since (an edited IBAN is a new payee). */
  ibanSince: Date;
  /** The latest e-mail verification of this account for this IBAN matched, or the latest executive one approved it. */
  verified: boolean;
}

export interface CounterpartyFacts {
  id: string;
  name: string;
  country: string | null;
  isTrusted: boolean;
  createdAt: Date;
  accounts: CounterpartyAccountFacts[];
}

export interface DuplicateMatch {
  source: 'transaction' | 'history';
  date: string | null;
  days: number;
}

export interface InvoiceIbanFacts {
  counterpartyId: string;
  counterpartyName: string;
  iban: string;
  /** Whether one of the counterparty's bank accounts has the invoice's IBAN. */
  known: boolean;
  /** The payee the invoice's document names instead of the seller (EN 16931 BG-10), when it does. */
  payeeName: string | null;
}

export interface AnalysisFacts {
  paid: PaidGroup[];
  counterparties: Map<string, CounterpartyFacts>;
  /** Transaction id → the closest earlier payment with the same IBAN, amount and remittance. */
  duplicates: Map<string, DuplicateMatch>;
  /** Invoice id → its IBAN and whether its counterparty knows it. */
  invoices: Map<string, InvoiceIbanFacts>;
}

export const HISTORY_WINDOW_MONTHS = 12;
export const DUPLICATE_WINDOW_DAYS = 90;

/** The rows as one jsonb parameter, read back with jsonb_to_recordset. */
function inputRows(rows: readonly TransactionRow[]) {
  const json = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      iban: row.creditorIban,
      amount: row.amount,
      remittance: row.remittanceInformation,
      execution_date: row.requestedExecutionDate,
      counterparty_id: row.counterpartyId,
      invoice_id: row.invoiceId,
    })),
  );
  return sql`jsonb_to_recordset(${json}::jsonb) as i(id uuid, iban text, amount bigint, remittance text,
    execution_date date, counterparty_id uuid, invoice_id uuid)`;
}

/** Remittance compared ignoring case and white space (SPEC §4 duplicate check). */
const normalizedRemittance = (column: SQL) => sql`lower(regexp_replace(coalesce(${column}, ''), '\\s', '', 'g'))`;

export async function loadAnalysisFacts(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<AnalysisFacts> {
  if (rows.length === 0) {
    return { paid: [], counterparties: new Map(), duplicates: new Map(), invoices: new Map() };
  }
  const [paid, counterparties, duplicates, invoices] = [
    await loadPaidGroups(tx, orgId, rows),
    await loadCounterparties(tx, orgId, rows),
    await loadDuplicates(tx, orgId, rows),
    await loadInvoiceIbans(tx, orgId, rows),
  ];
  return { paid, counterparties, duplicates, invoices };
}

/**
 * Earlier payments per (IBAN, counterparty): the trusted history plus exported transactions. History
 * entries written by our own export are left out — the exported transaction already counts.
 */
async function loadPaidGroups(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<PaidGroup[]> {
  const result = await tx.execute<{
    iban: string;
    counterparty_id: string | null;
    count: number;
    recent_count: number;
    recent_amount: number;
  }>(sql`
    with ibans as (select distinct i.iban from ${inputRows(rows)}),
    since as (select (current_date - make_interval(months => ${HISTORY_WINDOW_MONTHS}))::date as day),
    paid as (
      select h.creditor_iban as iban, h.counterparty_id, h.amount, h.paid_on as paid_on
        from payment_history h
       where h.organization_id = ${orgId} and h.source <> 'export'
         and h.creditor_iban in (select iban from ibans)
      union all
      select t.creditor_iban, t.counterparty_id, t.amount, coalesce(t.booking_date, t.requested_execution_date)
        from transactions t
       where t.organization_id = ${orgId} and t.exported_at is not null
         and t.creditor_iban in (select iban from ibans)
    )
    select iban, counterparty_id, count(*)::int as count,
           (count(*) filter (where paid_on >= (select day from since)))::int as recent_count,
           coalesce(sum(amount) filter (where paid_on >= (select day from since)), 0)::float8 as recent_amount
      from paid
     group by iban, counterparty_id`);
  return result.rows.map((row) => ({
    iban: row.iban,
    counterpartyId: row.counterparty_id,
    count: row.count,
    recentCount: row.recent_count,
    recentAmount: row.recent_amount,
  }));
}

/** The rows' counterparties with each bank account's verification, as counterparty_verification_state reads it (migration 0021). */
async function loadCounterparties(
  tx: Tx,
  orgId: OrgId,
  rows: readonly TransactionRow[],
): Promise<Map<string, CounterpartyFacts>> {
  const ids = [...new Set(rows.flatMap((row) => (row.counterpartyId ? [row.counterpartyId] : [])))];
  const map = new Map<string, CounterpartyFacts>();
  if (ids.length === 0) return map;
  const idList = JSON.stringify(ids);
  const result = await tx.execute<{
    id: string;
    name: string;
    country: string | null;
    is_trusted: boolean;
    created_at: Date | string;
    account_id: string | null;
    account_iban: string | null;
    account_iban_since: Date | string | null;
    verified: boolean | null;
  }>(sql`
    select c.id, c.name, c.country, c.is_trusted, c.created_at,
           b.id as account_id, b.iban as account_iban, coalesce(b.iban_changed_at, b.created_at) as account_iban_since,
           ${accountVerifiedSql('b')} as verified
      from counterparties c
      left join counterparty_bank_accounts b on b.organization_id = c.organization_id and b.counterparty_id = c.id
     where c.organization_id = ${orgId}
       and c.id in (select value::uuid from jsonb_array_elements_text(${idList}::jsonb))`);
  for (const row of result.rows) {
    let facts = map.get(row.id);
    if (!facts) {
      facts = {
        id: row.id,
        name: row.name,
        country: row.country,
        isTrusted: row.is_trusted,
        createdAt: new Date(row.created_at),
        accounts: [],
      };
      map.set(row.id, facts);
    }
    if (row.account_id && row.account_iban && row.account_iban_since) {
      facts.accounts.push({
        id: row.account_id,
        iban: row.account_iban,
        ibanSince: new Date(row.account_iban_since),
        verified: row.verified === true,
      });
    }
  }
  return map;
}

/**
 * Possible duplicates: another transaction that is not cancelled, or a history entry, with the same
 * creditor IBAN, amount and remittance within DUPLICATE_WINDOW_DAYS of the execution date. The
 * rows analysed together count against each other too (two equal payments in one run).
 */
async function loadDuplicates(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<Map<string, DuplicateMatch>> {
  const result = await tx.execute<{ id: string; source: 'transaction' | 'history'; date: string | null; days: number }>(sql`
    with input as (select * from ${inputRows(rows)}),
    candidates as (
      select i.id, 'transaction' as source, t.requested_execution_date as date,
             abs(t.requested_execution_date - i.execution_date) as days
        from input i
        join transactions t on t.organization_id = ${orgId} and t.creditor_iban = i.iban and t.amount = i.amount
       where t.id <> i.id and t.status <> 'cancelled_archived'
         and abs(t.requested_execution_date - i.execution_date) <= ${DUPLICATE_WINDOW_DAYS}
         and ${normalizedRemittance(sql.raw('t.remittance_information'))} = ${normalizedRemittance(sql.raw('i.remittance'))}
      union all
      select i.id, 'history', h.paid_on, abs(coalesce(h.paid_on, i.execution_date) - i.execution_date)
        from input i
        join payment_history h on h.organization_id = ${orgId} and h.creditor_iban = i.iban and h.amount = i.amount
       where abs(coalesce(h.paid_on, i.execution_date) - i.execution_date) <= ${DUPLICATE_WINDOW_DAYS}
         and ${normalizedRemittance(sql.raw('h.remittance_information'))} = ${normalizedRemittance(sql.raw('i.remittance'))}
         -- entries of our own export are the exported transactions, already among the candidates above
         and h.source <> 'export'
    )
    select distinct on (id) id::text, source, date::text, days::int from candidates order by id, days, source desc`);
  return new Map(result.rows.map((row) => [row.id, { source: row.source, date: row.date, days: row.days }]));
}

/** For rows from invoices: the invoice's IBAN and whether its counterparty has a bank account with it. */
async function loadInvoiceIbans(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<Map<string, InvoiceIbanFacts>> {
  const ids = [...new Set(rows.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])))];
  if (ids.length === 0) return new Map();
  const result = await tx.execute<{
    id: string;
    counterparty_id: string;
    name: string;
    iban: string;
    known: boolean;
    payee_name: string | null;
  }>(sql`
    select inv.id, inv.counterparty_id, c.name, upper(replace(inv.counterparty_iban, ' ', '')) as iban,
           exists (select 1 from counterparty_bank_accounts b
                    where b.organization_id = inv.organization_id and b.counterparty_id = inv.counterparty_id
                      and b.iban = upper(replace(inv.counterparty_iban, ' ', ''))) as known,
           case when r.payment -> 'payee' is not null and jsonb_typeof(r.payment -> 'payee') = 'object'
                then coalesce(r.payment -> 'payee' ->> 'name', '') end as payee_name
      from invoices inv
      join counterparties c on c.organization_id = inv.organization_id and c.id = inv.counterparty_id
      left join invoice_readings r on r.organization_id = inv.organization_id and r.invoice_id = inv.id
     where inv.organization_id = ${orgId}
       and inv.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
       and coalesce(inv.counterparty_iban, '') <> ''`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        counterpartyId: row.counterparty_id,
        counterpartyName: row.name,
        iban: row.iban,
        known: row.known,
        payeeName: row.payee_name,
      },
    ]),
  );
}
