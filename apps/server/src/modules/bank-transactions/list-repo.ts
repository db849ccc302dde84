import { sql, type SQL } from 'drizzle-orm';
import type {
  BankStatementView,
  BankTransactionDetail,
  BankTransactionFilter,
  BankTransactionListQuery,
  BankTransactionTotals,
  BankTransactionView,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/like-pattern';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every filter of the list, all on `b` (bank_transactions), the organisation first. */
function filterConditions(orgId: OrgId, filter: BankTransactionFilter): SQL {
  const parts: SQL[] = [sql`b.organization_id = ${orgId}`];
  if (filter.accountId) parts.push(sql`b.company_bank_account_id = ${filter.accountId}`);
  if (filter.direction) parts.push(sql`b.direction = ${filter.direction}`);
  if (filter.from) parts.push(sql`b.booking_date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`b.booking_date <= ${filter.to}::date`);
  if (filter.minAmount !== undefined) parts.push(sql`b.amount >= ${filter.minAmount}::bigint`);
  if (filter.maxAmount !== undefined) parts.push(sql`b.amount <= ${filter.maxAmount}::bigint`);
  if (filter.matchingStatus) parts.push(sql`b.matching_status = ${filter.matchingStatus}`);
  if (filter.statementId) parts.push(sql`b.statement_id = ${filter.statementId}`);
  if (filter.search) {
    // Folded like the stored text ("müller" finds "MÜLLER"); an IBAN typed with spaces still matches.
    const compact = filter.search.replace(/\s+/g, '');
    parts.push(
      sql`b.id in (select search_bank_transaction_ids(${likePattern(filter.search)}::text, ${likePattern(compact)}::text))`,
    );
  }
  return sql.join(parts, sql` and `);
}

type ListRow = {
  id: string;
  account_id: string;
  account_name: string;
  account_iban: string;
  direction: BankTransactionView['direction'];
  amount: string;
  currency: string;
  booking_date: string;
  value_date: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  remittance_information: string | null;
  end_to_end_id: string | null;
  source: BankTransactionView['source'];
  entry_key: string | null;
  matching_status: BankTransactionView['matchingStatus'];
  matched_amount: string;
  payment_transaction_id: string | null;
};

const LIST_COLUMNS = sql`b.id, b.company_bank_account_id as account_id, a.name as account_name, a.iban as account_iban,
  b.direction, b.amount, b.currency, b.booking_date::text, b.value_date::text, b.counterparty_name, b.counterparty_iban,
  b.remittance_information, b.end_to_end_id, b.source, b.entry_key, b.matching_status, b.matched_amount, b.payment_transaction_id`;

function toView(row: ListRow): BankTransactionView {
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountIban: row.account_iban,
    direction: row.direction,
    amount: Number(row.amount),
    currency: row.currency,
    bookingDate: row.booking_date,
    valueDate: row.value_date,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    remittanceInformation: row.remittance_information,
    endToEndId: row.end_to_end_id,
    source: row.source,
    isBatch: row.entry_key !== null,
    matchingStatus: row.matching_status,
    matchedAmount: Number(row.matched_amount),
    bookedPaymentId: row.payment_transaction_id,
  };
}

/** Newest booking first, keyset-paged by (booking date, id): a page is one index range read backwards. */
export async function listBankTransactions(
  tx: Tx,
  orgId: OrgId,
  query: BankTransactionListQuery,
): Promise<{ items: BankTransactionView[]; nextCursor: string | null }> {
  let after = sql``;
  if (query.cursor) {
    const [date, id] = decodeCursorValues(query.cursor, 2);
    if (typeof date !== 'string' || !ISO_DATE.test(date) || !isUuid(id)) throw invalidCursor();
    after = sql`and (b.booking_date, b.id) < (${date}::date, ${id}::uuid)`;
  }
  const result = await tx.execute<ListRow>(sql`
    select ${LIST_COLUMNS}
    from bank_transactions b
    join company_bank_accounts a on a.organization_id = b.organization_id and a.id = b.company_bank_account_id
    where ${filterConditions(orgId, query)} ${after}
    order by b.booking_date desc, b.id desc
    limit ${query.limit + 1}`);
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map(toView),
    nextCursor: result.rows.length > query.limit && last ? encodeCursorValues([last.booking_date, last.id]) : null,
  };
}

export async function bankTransactionTotals(tx: Tx, orgId: OrgId, filter: BankTransactionFilter): Promise<BankTransactionTotals> {
  const result = await tx.execute<{
    currency: string;
    incoming: string;
    incoming_count: string;
    outgoing: string;
    outgoing_count: string;
  }>(sql`
    select b.currency,
      coalesce(sum(b.amount) filter (where b.direction = 'incoming'), 0) as incoming,
      count(*) filter (where b.direction = 'incoming') as incoming_count,
      coalesce(sum(b.amount) filter (where b.direction = 'outgoing'), 0) as outgoing,
      count(*) filter (where b.direction = 'outgoing') as outgoing_count
    from bank_transactions b
    where ${filterConditions(orgId, filter)}
    group by b.currency order by b.currency`);
  const byCurrency = result.rows.map((row) => ({
    currency: row.currency,
    incoming: Number(row.incoming),
    incomingCount: Number(row.incoming_count),
    outgoing: Number(row.outgoing),
    outgoingCount: Number(row.outgoing_count),
  }));
  return { count: byCurrency.reduce((sum, row) => sum + row.incomingCount + row.outgoingCount, 0), byCurrency };
}

type StatementRow = {
  id: string;
  account_id: string;
  account_name: string;
  account_iban: string;
  statement_id: string | null;
  electronic_sequence_number: string | null;
  legal_sequence_number: string | null;
  period_from: string | null;
  period_to: string | null;
  currency: string;
  opening_balance: string | null;
  opening_balance_date: string | null;
  closing_balance: string | null;
  closing_balance_date: string | null;
  credit_total: string;
  debit_total: string;
  entry_count: number;
  difference: string | null;
  file_name: string | null;
  created_at: Date;
  sort_date: string;
};

const STATEMENT_COLUMNS = sql`s.id, s.company_bank_account_id as account_id, a.name as account_name, a.iban as account_iban,
  s.statement_id, s.electronic_sequence_number, s.legal_sequence_number, s.period_from::text, s.period_to::text, s.currency,
  s.opening_balance, s.opening_balance_date::text, s.closing_balance, s.closing_balance_date::text, s.credit_total,
  s.debit_total, s.entry_count, s.difference, i.file_name, s.created_at,
  coalesce(s.period_to, s.created_at::date)::text as sort_date`;

const STATEMENT_FROM = sql`bank_statements s
  join company_bank_accounts a on a.organization_id = s.organization_id and a.id = s.company_bank_account_id
  left join bank_file_imports i on i.organization_id = s.organization_id and i.id = s.import_id`;

function balance(amount: string | null, date: string | null): BankStatementView['openingBalance'] {
  return amount === null ? null : { amount: Number(amount), date };
}

function toStatementView(row: StatementRow): BankStatementView {
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountIban: row.account_iban,
    statementId: row.statement_id,
    sequenceNumber: row.electronic_sequence_number ?? row.legal_sequence_number,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    currency: row.currency,
    openingBalance: balance(row.opening_balance, row.opening_balance_date),
    closingBalance: balance(row.closing_balance, row.closing_balance_date),
    creditTotal: Number(row.credit_total),
    debitTotal: Number(row.debit_total),
    entryCount: row.entry_count,
    difference: row.difference === null ? null : Number(row.difference),
    fileName: row.file_name,
    importedAt: new Date(row.created_at).toISOString(),
  };
}

/** Newest period first (a statement without one by its import date), keyset-paged. */
export async function listBankStatements(
  tx: Tx,
  orgId: OrgId,
  query: { accountId?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: BankStatementView[]; nextCursor: string | null }> {
  let after = sql``;
  if (query.cursor) {
    const [date, id] = decodeCursorValues(query.cursor, 2);
    if (typeof date !== 'string' || !ISO_DATE.test(date) || !isUuid(id)) throw invalidCursor();
    after = sql`and (coalesce(s.period_to, s.created_at::date), s.id) < (${date}::date, ${id}::uuid)`;
  }
  const result = await tx.execute<StatementRow>(sql`
    select ${STATEMENT_COLUMNS} from ${STATEMENT_FROM}
    where s.organization_id = ${orgId} ${query.accountId ? sql`and s.company_bank_account_id = ${query.accountId}` : sql``} ${after}
    order by coalesce(s.period_to, s.created_at::date) desc, s.id desc
    limit ${query.limit + 1}`);
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map(toStatementView),
    nextCursor: result.rows.length > query.limit && last ? encodeCursorValues([last.sort_date, last.id]) : null,
  };
}

type DetailRow = ListRow & {
  counterparty_bic: string | null;
  creditor_reference: string | null;
  bank_reference: string | null;
  bank_transaction_code: string | null;
  entry_amount: string | null;
  statement_id: string | null;
  created_at: Date;
  entry_transactions: string | null;
  payment_end_to_end_id: string | null;
  payment_creditor_name: string | null;
  payment_amount: string | null;
  payment_currency: string | null;
};

export async function findBankTransaction(tx: Tx, orgId: OrgId, id: string): Promise<BankTransactionDetail | null> {
  const result = await tx.execute<DetailRow>(sql`
    select ${LIST_COLUMNS}, b.counterparty_bic, b.creditor_reference, b.bank_reference, b.bank_transaction_code,
      b.entry_amount, b.statement_id, b.created_at,
      (select count(*) from bank_transactions e where e.organization_id = b.organization_id and e.entry_key = b.entry_key)
        as entry_transactions,
      t.end_to_end_id as payment_end_to_end_id, t.creditor_name as payment_creditor_name, t.amount as payment_amount,
      t.currency as payment_currency
    from bank_transactions b
    join company_bank_accounts a on a.organization_id = b.organization_id and a.id = b.company_bank_account_id
    left join transactions t on t.organization_id = b.organization_id and t.id = b.payment_transaction_id
    where b.organization_id = ${orgId} and b.id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  // What the line paid (issue 62): per invoice, also through its payment.
  const matched = await tx.execute<{ invoice_id: string; invoice_number: string | null; amount: string }>(sql`
    select m.invoice_id, i.invoice_number, sum(m.amount) as amount
    from bank_transaction_matches m
    join invoices i on i.organization_id = m.organization_id and i.id = m.invoice_id
    where m.organization_id = ${orgId} and m.bank_transaction_id = ${id}
    group by m.invoice_id, i.invoice_number order by min(m.created_at)`);
  let statement: BankStatementView | null = null;
  if (row.statement_id) {
    const statements = await tx.execute<StatementRow>(sql`
      select ${STATEMENT_COLUMNS} from ${STATEMENT_FROM} where s.organization_id = ${orgId} and s.id = ${row.statement_id}`);
    statement = statements.rows[0] ? toStatementView(statements.rows[0]) : null;
  }
  return {
    ...toView(row),
    counterpartyBic: row.counterparty_bic,
    creditorReference: row.creditor_reference,
    bankReference: row.bank_reference,
    bankTransactionCode: row.bank_transaction_code,
    batch:
      row.entry_key !== null && row.entry_amount !== null
        ? { entryAmount: Number(row.entry_amount), transactionCount: Number(row.entry_transactions ?? 0) }
        : null,
    statement,
    bookedPayment:
      row.payment_transaction_id && row.payment_end_to_end_id !== null
        ? {
            id: row.payment_transaction_id,
            endToEndId: row.payment_end_to_end_id,
            creditorName: row.payment_creditor_name ?? '',
            amount: Number(row.payment_amount),
            currency: row.payment_currency ?? row.currency,
          }
        : null,
    matchedInvoices: matched.rows.map((match) => ({
      invoiceId: match.invoice_id,
      invoiceNumber: match.invoice_number,
      amount: Number(match.amount),
    })),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
