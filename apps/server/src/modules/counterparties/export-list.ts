import { sql } from 'drizzle-orm';
import de from '@kontor/domain/locales/de/counterparty-export.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/counterparty-export.json' with { type: 'json' };
import { LIST_EXPORT_MAX_ROWS } from '@kontor/domain/list-export';
import type { CounterpartyExportQuery, Locale } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { readAllForExport, tableExportFile, type ColumnKind, type ExportColumn, type ExportFile } from '../../lib/table-export';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../master-data/service-helpers';
import { listCounterpartyRows, type CounterpartyListRow, type ListCursor } from './list-repo';

const texts: Record<Locale, typeof en> = { de, en };

interface DetailRow extends Record<string, unknown> {
  id: string;
  email: string | null;
  street: string | null;
  zip: string | null;
  description: string | null;
  payment_terms_days: number | null;
  skonto_days: number | null;
  skonto_rate: number | null;
  marked_trusted_at: string | null;
  ledger_account: string | null;
  bank_accounts: string | null;
  bics: string | null;
}

/** The fields the list does not show, for one batch, by id; the bank accounts joined into one cell. */
async function readDetails(tx: Tx, orgId: OrgId, ids: string[]): Promise<Map<string, DetailRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.execute<DetailRow>(sql`
    select c.id, c.email, c.street, c.zip, c.description, c.payment_terms_days, c.skonto_days, c.skonto_rate,
      to_char(c.marked_trusted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as marked_trusted_at,
      case when l.id is null then null else l.code || ' - ' || l.name end as ledger_account,
      (select string_agg(case when b.name = '' then b.iban else b.name || ': ' || b.iban end, '; ' order by b.created_at, b.iban)
         from counterparty_bank_accounts b where b.organization_id = c.organization_id and b.counterparty_id = c.id) as bank_accounts,
      (select string_agg(b.bic, '; ' order by b.created_at, b.iban)
         from counterparty_bank_accounts b where b.organization_id = c.organization_id and b.counterparty_id = c.id and b.bic is not null) as bics
    from counterparties c
    left join ledger_accounts l on l.organization_id = c.organization_id and l.id = c.default_ledger_account_id
    where c.organization_id = ${orgId} and c.id in ${ids}`);
  return new Map(rows.map((row) => [row.id, row]));
}

type Exported = CounterpartyListRow & { details: DetailRow | undefined };
type Column = keyof typeof en.columns;

const COLUMNS: readonly {
  key: Column;
  kind: ColumnKind;
  width: number;
  value: (row: Exported, locale: Locale) => string | number | null;
}[] = [
  { key: 'name', kind: 'text', width: 34, value: (row) => row.name },
  { key: 'accountsPayableNumber', kind: 'text', width: 12, value: (row) => row.accounts_payable_number },
  { key: 'accountsReceivableNumber', kind: 'text', width: 12, value: (row) => row.accounts_receivable_number },
  { key: 'vatNumber', kind: 'text', width: 16, value: (row) => row.vat_number },
  { key: 'email', kind: 'text', width: 28, value: (row) => row.details?.email ?? null },
  { key: 'street', kind: 'text', width: 26, value: (row) => row.details?.street ?? null },
  { key: 'zip', kind: 'text', width: 8, value: (row) => row.details?.zip ?? null },
  { key: 'city', kind: 'text', width: 18, value: (row) => row.city },
  { key: 'country', kind: 'text', width: 8, value: (row) => row.country },
  { key: 'bankAccounts', kind: 'text', width: 40, value: (row) => row.details?.bank_accounts ?? null },
  { key: 'bics', kind: 'text', width: 14, value: (row) => row.details?.bics ?? null },
  { key: 'defaultLedgerAccount', kind: 'text', width: 26, value: (row) => row.details?.ledger_account ?? null },
  { key: 'paymentTermsDays', kind: 'count', width: 10, value: (row) => row.details?.payment_terms_days ?? null },
  { key: 'skontoDays', kind: 'count', width: 10, value: (row) => row.details?.skonto_days ?? null },
  { key: 'skontoRate', kind: 'rate', width: 10, value: (row) => row.details?.skonto_rate ?? null },
  { key: 'trusted', kind: 'text', width: 10, value: (row, locale) => (row.is_trusted ? texts[locale].yes : texts[locale].no) },
  {
    key: 'trustedSince',
    kind: 'time',
    width: 17,
    value: (row) => (row.is_trusted ? (row.details?.marked_trusted_at ?? null) : null),
  },
  { key: 'verification', kind: 'text', width: 16, value: (row, locale) => texts[locale].verification[row.verification_state] },
  { key: 'openInvoices', kind: 'count', width: 10, value: (row) => row.open_invoice_count },
  { key: 'description', kind: 'text', width: 30, value: (row) => row.details?.description ?? null },
];

const asFilter = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/**
 * GET /api/counterparties/export: every counterparty the list shows for the same search and
 * filters, in its order (the list's own statement, batch after batch), with address, bank
 * accounts, numbers and terms, as a workbook or CSV in the caller's language.
 */
export async function exportCounterpartyList(
  database: Database,
  org: OrgContext,
  query: CounterpartyExportQuery,
  locale: Locale,
  { maxRows = LIST_EXPORT_MAX_ROWS }: { maxRows?: number } = {},
): Promise<ExportFile> {
  const rows = await database.withOrg(
    tenant(org),
    async (tx) => {
      const filter = {
        search: query.search || undefined,
        isTrusted: asFilter(query.trusted),
        hasOpenInvoices: asFilter(query.hasOpenInvoices),
        verification: query.verification,
      };
      return readAllForExport({
        // listCounterpartyRows adds the one row that tells whether more follow itself.
        readPage: (after: ListCursor | null, limit) =>
          listCounterpartyRows(tx, org.orgId, { ...filter, after, limit: limit - 1 }),
        cursorOf: (last): ListCursor => ({ rank: last.rank, name: last.sort_name, id: last.id }),
        convert: async (batch) => {
          const details = await readDetails(
            tx,
            org.orgId,
            batch.map((row) => row.id),
          );
          return batch.map((row) => ({ ...row, details: details.get(row.id) }));
        },
        maxRows,
        locale,
      });
    },
    // Its page statements of thousands of rows would hold up the short reads behind them.
    { readOnly: true, ownConnection: true },
  );
  const words = texts[locale];
  const columns: ExportColumn<Exported>[] = COLUMNS.map(({ key, kind, width, value }) => ({
    header: words.columns[key],
    kind,
    width,
    value: (row) => value(row, locale),
  }));
  return tableExportFile(rows, columns, { format: query.format, locale, sheetName: words.sheet, baseName: words.fileName });
}
