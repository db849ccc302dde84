import type { CounterpartyListItem, CounterpartyListQuery } from '@kontor/domain';
import type { Database } from '../../db/database';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../master-data/service-helpers';
import { decodeListCursor, encodeListCursor, listCounterpartyRows } from './list-repo';

const asFilter = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** GET /api/counterparties: keyset pages by name with search and filters (ARCHITECTURE §4). */
export async function listCounterparties(
  database: Database,
  org: OrgContext,
  query: CounterpartyListQuery,
): Promise<{ items: CounterpartyListItem[]; nextCursor: string | null }> {
  const after = decodeListCursor(query.cursor);
  const rows = await database.withOrg(
    tenant(org),
    (tx) =>
      listCounterpartyRows(tx, org.orgId, {
        search: query.search || undefined,
        isTrusted: asFilter(query.trusted),
        hasOpenInvoices: asFilter(query.hasOpenInvoices),
        verification: query.verification,
        after,
        limit: query.limit,
      }),
    { readOnly: true },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      name: row.name,
      vatNumber: row.vat_number,
      city: row.city,
      country: row.country,
      accountsPayableNumber: row.accounts_payable_number,
      accountsReceivableNumber: row.accounts_receivable_number,
      isTrusted: row.is_trusted,
      bankAccountCount: row.bank_account_count,
      openInvoiceCount: row.open_invoice_count,
      verificationState: row.verification_state,
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeListCursor({ rank: last.rank, name: last.sort_name, id: last.id }) : null,
  };
}
