import { sql, type SQL } from 'drizzle-orm';
import { normalizeIban, normalizeVatNumber } from '@kontor/domain';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { CLOSED_INVOICE_STATUSES } from './record-repo';
import { escapeLike } from './repo';

export interface CounterpartyListFilter {
  search: string | undefined;
  isTrusted: boolean | undefined;
  hasOpenInvoices: boolean | undefined;
  after: ListCursor | null;
  limit: number;
}

/** The keyset position: the last row's lower-cased name and id (ARCHITECTURE §4: opaque). */
export interface ListCursor {
  name: string;
  id: string;
}

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id])).toString('base64url');
}

export function decodeListCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null;
  const invalid = () => new AppError('validation_failed', undefined, { fieldErrors: { cursor: ['invalid'] } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [name, id] = parsed as unknown[];
  if (typeof name !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw invalid();
  return { name, id };
}

export interface CounterpartyListRow extends Record<string, unknown> {
  id: string;
  name: string;
  sort_name: string;
  vat_number: string | null;
  city: string | null;
  country: string | null;
  accounts_payable_number: string | null;
  accounts_receivable_number: string | null;
  is_trusted: boolean;
  bank_account_count: number;
  open_invoice_count: number;
}

const OPEN_STATUS = sql.raw(`i.status not in (${CLOSED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * Which counterparties a search finds: name contains it (trigram index), or it is an AP/AR
 * number (unique indexes), the start of a VAT number or of an IBAN (text_pattern_ops indexes).
 * Each branch is one index probe; the union of ids is small next to the organisation.
 */
function searchIds(orgId: OrgId, search: string): SQL {
  const branches: SQL[] = [
    sql`select s.id from counterparties s where s.organization_id = ${orgId} and s.name ilike ${`%${escapeLike(search)}%`}`,
  ];
  if (/^\d{1,9}$/.test(search)) {
    branches.push(
      sql`select s.id from counterparties s where s.organization_id = ${orgId} and s.accounts_payable_number = ${search}`,
      sql`select s.id from counterparties s where s.organization_id = ${orgId} and s.accounts_receivable_number = ${search}`,
    );
  }
  const vat = normalizeVatNumber(search);
  if (/^[A-Z]{2}[0-9A-Z]{2,}$/.test(vat) && /\d/.test(vat)) {
    branches.push(
      sql`select s.id from counterparties s where s.organization_id = ${orgId} and s.vat_number like ${`${escapeLike(vat)}%`}`,
    );
  }
  const iban = normalizeIban(search);
  if (/^[A-Z]{2}\d{2}[0-9A-Z]*$/.test(iban)) {
    branches.push(
      sql`select b.counterparty_id from counterparty_bank_accounts b where b.organization_id = ${orgId} and b.iban like ${`${escapeLike(iban)}%`}`,
    );
  }
  return sql.join(branches, sql` union `);
}

/**
 * One keyset page by (lower(name), id), one row more than asked (to know whether there is a
 * next page). The counts are correlated subqueries over the page's rows only: each is a probe of
 * an index that leads with (organization_id, counterparty_id).
 */
export async function listCounterpartyRows(tx: Tx, orgId: OrgId, filter: CounterpartyListFilter): Promise<CounterpartyListRow[]> {
  const conditions: SQL[] = [sql`c.organization_id = ${orgId}`];
  if (filter.search) conditions.push(sql`c.id in (${searchIds(orgId, filter.search)})`);
  if (filter.isTrusted !== undefined) conditions.push(sql`c.is_trusted = ${filter.isTrusted}`);
  if (filter.hasOpenInvoices !== undefined) {
    const open = sql`exists (select 1 from invoices i where i.organization_id = c.organization_id and i.counterparty_id = c.id and ${OPEN_STATUS})`;
    conditions.push(filter.hasOpenInvoices ? open : sql`not ${open}`);
  }
  if (filter.after) conditions.push(sql`(lower(c.name), c.id) > (${filter.after.name}, ${filter.after.id}::uuid)`);
  const statement = sql`
    select p.id, p.name, p.sort_name, p.vat_number, p.city, p.country, p.accounts_payable_number,
           p.accounts_receivable_number, p.is_trusted,
           (select count(*)::int from counterparty_bank_accounts b
             where b.organization_id = p.organization_id and b.counterparty_id = p.id) as bank_account_count,
           (select count(*)::int from invoices i
             where i.organization_id = p.organization_id and i.counterparty_id = p.id and ${OPEN_STATUS}) as open_invoice_count
      from (select c.*, lower(c.name) as sort_name from counterparties c
             where ${sql.join(conditions, sql` and `)}
             order by lower(c.name), c.id
             limit ${filter.limit + 1}) p
     order by p.sort_name, p.id`;
  return queryPrepared<CounterpartyListRow>(tx, statement, 'counterparty_list');
}
