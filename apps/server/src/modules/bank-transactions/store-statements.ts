import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { bankStatements } from '../../db/schema';

export interface SignedBalance {
  /** Signed minor units. */
  amount: number;
  date: string | null;
}

/** A statement's header: what is known before its entries. */
export interface StatementHeaderWrite {
  companyBankAccountId: string;
  statementKey: string;
  statementId: string | null;
  electronicSequenceNumber: string | null;
  legalSequenceNumber: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  currency: string;
  opening: SignedBalance | null;
  closing: SignedBalance | null;
  importId: string;
}

/** What its end adds: the sums of its booked entries and the closing balance. */
export interface StatementTotalsWrite {
  closing: SignedBalance | null;
  creditTotal: number;
  debitTotal: number;
  entryCount: number;
}

/**
 * Stores a statement's header, or finds the one stored before (the same file again, or a retried
 * import): answers its id either way. A statement read again keeps its first import.
 */
export async function upsertStatementHeader(tx: Tx, orgId: OrgId, header: StatementHeaderWrite): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into ${bankStatements} (organization_id, company_bank_account_id, statement_key, statement_id,
      electronic_sequence_number, legal_sequence_number, period_from, period_to, currency, opening_balance,
      opening_balance_date, closing_balance, closing_balance_date, import_id)
    values (${orgId}, ${header.companyBankAccountId}, ${header.statementKey}, ${header.statementId},
      ${header.electronicSequenceNumber}, ${header.legalSequenceNumber}, ${header.periodFrom}, ${header.periodTo},
      ${header.currency}, ${header.opening?.amount ?? null}, ${header.opening?.date ?? null},
      ${header.closing?.amount ?? null}, ${header.closing?.date ?? null}, ${header.importId})
    on conflict (organization_id, company_bank_account_id, statement_key)
      do update set statement_key = excluded.statement_key
    returning id`);
  return result.rows[0]!.id;
}

/**
 * The statement's end: its sums and whether they lead from the opening to the closing balance.
 * The difference is computed by the database from the stored opening balance (the header's).
 */
export async function completeStatement(tx: Tx, orgId: OrgId, id: string, totals: StatementTotalsWrite): Promise<void> {
  await tx.execute(sql`
    update ${bankStatements} set
      closing_balance = coalesce(${totals.closing?.amount ?? null}::bigint, closing_balance),
      closing_balance_date = coalesce(${totals.closing?.date ?? null}::date, closing_balance_date),
      credit_total = ${totals.creditTotal}, debit_total = ${totals.debitTotal}, entry_count = ${totals.entryCount},
      difference = opening_balance + ${totals.creditTotal}::bigint - ${totals.debitTotal}::bigint
        - coalesce(${totals.closing?.amount ?? null}::bigint, closing_balance),
      complete = true
    where organization_id = ${orgId} and id = ${id}`);
}
