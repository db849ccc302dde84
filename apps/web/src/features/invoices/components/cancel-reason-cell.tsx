import { useQuery } from '@tanstack/react-query';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { invoiceQueryOptions } from '../detail/api/get-invoice';
import { Missing } from './invoice-cells';

/**
 * The cancel reason of an archived row. The list answer may carry it (`cancelReason`); when the
 * server leaves the field out, the reason of a cancelled invoice is read from the invoice itself.
 */
export function CancelReasonCell({ item }: { item: InvoiceListItem }) {
  const needsLookup = item.cancelReason === undefined && item.status === 'cancelled';
  const detail = useQuery({ ...invoiceQueryOptions(item.id), enabled: needsLookup, staleTime: 60_000, retry: false });
  const reason = needsLookup ? detail.data?.cancelReason : item.cancelReason;
  return <td className="max-w-72 px-3 py-2 text-muted-foreground">{reason || <Missing />}</td>;
}
