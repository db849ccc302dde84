import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { formatMoney } from '@/lib/format';

/** How a bulk action's message names an invoice: its number, else its supplier, file or id. */
export function invoiceLabel(item: InvoiceListItem | undefined, id: string): string {
  return item?.invoiceNumber ?? item?.counterpartyName ?? item?.fileName ?? id;
}

/** "Name: reason" lines for a toast, one per refused invoice, in the order of the answer. */
export function describeRefusals(refusals: { id: string; reason: string }[], items: InvoiceListItem[]): string {
  const byId = new Map(items.map((item) => [item.id, item]));
  return refusals.map(({ id, reason }) => `${invoiceLabel(byId.get(id), id)}: ${reason}`).join('\n');
}

/**
 * The selection's total per currency ("1.234,56 € + 80,00 $"), credit notes subtracted; invoices
 * without an amount yet are left out. Empty when none has an amount.
 */
export function selectionTotal(items: InvoiceListItem[]): string {
  const totals = new Map<string, number>();
  for (const item of items) {
    if (item.totalAmount === null) continue;
    const currency = item.currency ?? 'EUR';
    const signed = item.type === 'credit_note' ? -Math.abs(item.totalAmount) : item.totalAmount;
    totals.set(currency, (totals.get(currency) ?? 0) + signed);
  }
  return [...totals].map(([currency, amount]) => formatMoney(amount, currency)).join(' + ');
}
