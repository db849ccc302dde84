import { and, count, eq, exists, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, invoiceSplits, invoices } from '../../db/schema';

/** What an invoice can point at. Invoices hold plain ids (no foreign keys), so deletes ask here first. */
export type InvoiceReference = 'cost_center' | 'ledger_account' | 'tax_key' | 'debitor_bank_account';

const INVOICE_COLUMNS: Record<InvoiceReference, AnyPgColumn[]> = {
  cost_center: [invoices.costCenterId, invoices.costCenter2Id],
  ledger_account: [invoices.ledgerAccountId],
  tax_key: [invoices.taxKeyId],
  debitor_bank_account: [invoices.debitorBankAccountId],
};
const SPLIT_COLUMNS: Record<InvoiceReference, AnyPgColumn[]> = {
  cost_center: [invoiceSplits.costCenterId, invoiceSplits.costCenter2Id],
  ledger_account: [invoiceSplits.ledgerAccountId],
  tax_key: [invoiceSplits.taxKeyId],
  debitor_bank_account: [],
};

const anyEquals = (columns: AnyPgColumn[], id: string): SQL | undefined => or(...columns.map((column) => eq(column, id)));

/** How many invoices use this entry, directly or through one of their split lines (any status, archived too). */
export async function countInvoicesUsing(tx: Tx, orgId: OrgId, reference: InvoiceReference, id: string): Promise<number> {
  const splitColumns = SPLIT_COLUMNS[reference];
  const viaSplit =
    splitColumns.length > 0
      ? exists(
          tx
            .select({ invoiceId: invoiceSplits.invoiceId })
            .from(invoiceSplits)
            .where(
              and(
                eq(invoiceSplits.organizationId, invoices.organizationId),
                eq(invoiceSplits.invoiceId, invoices.id),
                anyEquals(splitColumns, id),
              ),
            ),
        )
      : undefined;
  const [row] = await tx
    .select({ count: count() })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), or(anyEquals(INVOICE_COLUMNS[reference], id), viaSplit)));
  return row?.count ?? 0;
}

/** How many counterparties name this ledger account as their default (it fills their invoices). */
export async function countCounterpartiesDefaultingTo(tx: Tx, orgId: OrgId, ledgerAccountId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.defaultLedgerAccountId, ledgerAccountId)));
  return row?.count ?? 0;
}
