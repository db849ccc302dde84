import de from '@kontor/domain/locales/de/receivable-export.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/receivable-export.json' with { type: 'json' };
import { todayIso } from '@kontor/domain/dates';
import { LIST_EXPORT_MAX_ROWS } from '@kontor/domain/list-export';
import type { ArInvoiceExportQuery, ArInvoiceListItem, Locale } from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { tableExportFile, type ColumnKind, type ExportColumn, type ExportFile } from '../../lib/table-export';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../master-data/service-helpers';
import { listArInvoices } from './list-repo';

const texts: Record<Locale, typeof en> = { de, en };
type Column = keyof typeof en.columns;

const COLUMNS: readonly {
  key: Column;
  kind: ColumnKind;
  width: number;
  value: (row: ArInvoiceListItem, locale: Locale) => string | number | null;
}[] = [
  { key: 'invoiceNumber', kind: 'text', width: 14, value: (row) => row.invoiceNumber },
  { key: 'type', kind: 'text', width: 12, value: (row, locale) => texts[locale].types[row.type] },
  { key: 'status', kind: 'text', width: 16, value: (row, locale) => texts[locale].statuses[row.status] },
  { key: 'customer', kind: 'text', width: 30, value: (row) => row.counterpartyName },
  { key: 'customerNumber', kind: 'text', width: 12, value: (row) => row.counterpartyArNumber },
  { key: 'invoiceDate', kind: 'date', width: 12, value: (row) => row.invoiceDate },
  { key: 'dueDate', kind: 'date', width: 12, value: (row) => row.dueDate },
  { key: 'currency', kind: 'text', width: 8, value: (row) => row.currency },
  { key: 'netAmount', kind: 'money', width: 12, value: (row) => row.netAmount },
  { key: 'taxAmount', kind: 'money', width: 12, value: (row) => row.taxAmount },
  { key: 'totalAmount', kind: 'money', width: 12, value: (row) => row.totalAmount },
  { key: 'paidAmount', kind: 'money', width: 12, value: (row) => row.paidAmount },
  {
    key: 'openAmount',
    kind: 'money',
    width: 12,
    value: (row) =>
      row.status === 'outstanding' || row.status === 'partially_paid' ? Math.abs(row.totalAmount) - row.paidAmount : 0,
  },
  { key: 'paidOn', kind: 'date', width: 12, value: (row) => row.paidOn },
];

const BATCH = 1_000;

/**
 * GET /api/ar-invoices/export: every receivable the overview shows for the same tab, filters and
 * search, in its order, as Kontor CSV or a workbook in the caller's language. The accounting
 * formats (DATEV, BMD, RZL) follow with the receivables' exports.
 */
export async function exportArInvoiceList(
  database: Database,
  org: OrgContext,
  query: ArInvoiceExportQuery,
  locale: Locale,
  { maxRows = LIST_EXPORT_MAX_ROWS }: { maxRows?: number } = {},
): Promise<ExportFile> {
  const rows = await database.withOrg(
    tenant(org),
    async (tx) => {
      const collected: ArInvoiceListItem[] = [];
      const today = todayIso();
      let cursor: string | undefined;
      do {
        const page = await listArInvoices(tx, org.orgId, { ...query, limit: BATCH, cursor }, today);
        if (collected.length + page.items.length > maxRows) {
          throw new AppError('list_export_too_large', { max: maxRows.toLocaleString(locale) });
        }
        collected.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return collected;
    },
    // Large exports read many pages: a connection of their own keeps short reads moving.
    { readOnly: true, ownConnection: true },
  );
  const words = texts[locale];
  const columns: ExportColumn<ArInvoiceListItem>[] = COLUMNS.map(({ key, kind, width, value }) => ({
    header: words.columns[key],
    kind,
    width,
    value: (row) => value(row, locale),
  }));
  return tableExportFile(rows, columns, { format: query.format, locale, sheetName: words.sheet, baseName: words.fileName });
}
