import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceExportQuery, Locale } from '@kontor/domain';
import { LIST_EXPORT_MAX_ROWS } from '@kontor/domain/list-export';
import type { Database, Tx } from '../../db/database';
import { costCenters, invoices, ledgerAccounts, taxKeys } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';
import { readAllForExport, type ExportFile } from '../../lib/table-export';
import { invoiceExportFile, type ExportedInvoice } from './export-file';
import { countByTab } from './list-counts';
import { approvalProgressOf } from './list-approvals';
import { readListPage, type ListFilters, type PageRow } from './list';
import type { ListCursor } from './list-query';
import { tenant } from './service';

const costCenter2 = alias(costCenters, 'cost_center_2');

/** The fields the overview does not show, for one batch of its rows, read by id in one statement (one array parameter, not a thousand). */
function selectDetails(tx: Tx, org: OrgContext, ids: string[]) {
  return tx
    .select({
      id: invoices.id,
      vatNumber: invoices.counterpartyVat,
      iban: invoices.counterpartyIban,
      purchaseOrder: invoices.purchaseOrder,
      billingPeriodStart: invoices.billingPeriodStart,
      billingPeriodEnd: invoices.billingPeriodEnd,
      netAmount: invoices.netAmount,
      taxAmount: invoices.taxAmount,
      taxRate: invoices.taxRate,
      skontoRate: invoices.skontoRate,
      skontoAmount: invoices.skontoAmount,
      skontoDate: invoices.skontoDate,
      alreadyPaid: invoices.alreadyPaid,
      alreadyPaidDate: invoices.alreadyPaidDate,
      paymentTerms: invoices.paymentTerms,
      remittanceInformation: invoices.remittanceInformation,
      costCenterCode: costCenters.code,
      costCenterName: costCenters.name,
      costCenter2Code: costCenter2.code,
      costCenter2Name: costCenter2.name,
      ledgerAccountCode: ledgerAccounts.code,
      ledgerAccountName: ledgerAccounts.name,
      taxKeyName: taxKeys.name,
    })
    .from(invoices)
    .leftJoin(
      costCenters,
      and(eq(costCenters.organizationId, invoices.organizationId), eq(costCenters.id, invoices.costCenterId)),
    )
    .leftJoin(
      costCenter2,
      and(eq(costCenter2.organizationId, invoices.organizationId), eq(costCenter2.id, invoices.costCenter2Id)),
    )
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.organizationId, invoices.organizationId), eq(ledgerAccounts.id, invoices.ledgerAccountId)),
    )
    .leftJoin(taxKeys, and(eq(taxKeys.organizationId, invoices.organizationId), eq(taxKeys.id, invoices.taxKeyId)))
    .where(and(eq(invoices.organizationId, org.orgId), sql`${invoices.id} = any(${`{${ids.join(',')}}`}::uuid[])`));
}
type Details = Awaited<ReturnType<typeof selectDetails>>[number];

async function readDetails(tx: Tx, org: OrgContext, ids: string[]): Promise<Map<string, Details>> {
  if (ids.length === 0) return new Map();
  return new Map((await selectDetails(tx, org, ids)).map((row) => [row.id, row]));
}

const codeAndName = (code: string | null, name: string | null) => (code ? [code, name].filter(Boolean).join(' - ') : null);

function toExported(row: PageRow, details: Details | undefined): ExportedInvoice {
  return {
    status: row.status,
    type: row.type,
    counterparty: row.counterparty_name,
    vatNumber: details?.vatNumber ?? null,
    iban: details?.iban ?? null,
    invoiceNumber: row.invoice_number,
    purchaseOrder: details?.purchaseOrder ?? null,
    date: row.date,
    dueDate: row.due_date,
    billingPeriodStart: details?.billingPeriodStart ?? null,
    billingPeriodEnd: details?.billingPeriodEnd ?? null,
    netAmount: details?.netAmount ?? null,
    taxAmount: details?.taxAmount ?? null,
    totalAmount: row.total_amount === null ? null : Number(row.total_amount),
    currency: row.currency,
    taxRate: details?.taxRate ?? null,
    taxKey: details?.taxKeyName ?? null,
    costCenter: codeAndName(details?.costCenterCode ?? null, details?.costCenterName ?? null),
    costCenter2: codeAndName(details?.costCenter2Code ?? null, details?.costCenter2Name ?? null),
    ledgerAccount: codeAndName(details?.ledgerAccountCode ?? null, details?.ledgerAccountName ?? null),
    skontoRate: details?.skontoRate ?? null,
    skontoAmount: details?.skontoAmount ?? null,
    skontoDate: details?.skontoDate ?? null,
    alreadyPaidDate: details?.alreadyPaid ? (details.alreadyPaidDate ?? null) : null,
    paymentTerms: details?.paymentTerms ?? null,
    remittanceInformation: details?.remittanceInformation ?? null,
    approvalProgress: approvalProgressOf(row.approval_progress ?? null),
    cancelReason: row.cancel_reason,
    fileName: row.file_name,
    uploadedAt: row.created_at,
  };
}

/**
 * GET /api/invoices/export: every row the overview would list for the same tab, search, filters
 * and order (the same page statement, batch after batch, so visibility and order cannot differ),
 * with the fields a finance team adds in a spreadsheet. Read in one read-only transaction; more
 * than LIST_EXPORT_MAX_ROWS rows are refused before a file is built.
 */
export async function exportInvoiceList(
  database: Database,
  org: OrgContext,
  query: InvoiceExportQuery,
  locale: Locale,
  { maxRows = LIST_EXPORT_MAX_ROWS }: { maxRows?: number } = {},
): Promise<ExportFile> {
  const { format, ...filters } = query;
  const exported = await database.withOrg(
    tenant(org),
    async (tx) => {
      const counts = countByTab(tx, org);
      return readAllForExport({
        readPage: (after: ListCursor | null, limit) => readListPage(tx, org, filters satisfies ListFilters, after, limit, counts),
        cursorOf: (last): ListCursor => ({
          sort: filters.sort,
          direction: filters.direction,
          value: last.sort_value,
          id: last.id,
        }),
        convert: async (batch) => {
          const details = await readDetails(
            tx,
            org,
            batch.map((row) => row.id),
          );
          return batch.map((row) => toExported(row, details.get(row.id)));
        },
        maxRows,
        locale,
      });
    },
    // Its page statements of thousands of rows would hold up the short reads behind them.
    { readOnly: true, ownConnection: true },
  );
  return invoiceExportFile(exported, { format, locale, tab: filters.tab });
}
