import type { ListExportFormat } from '@kontor/domain/list-export';
import { downloadFile } from '@/lib/download-file';
import type { InvoiceListRequest } from '../components/list-query';

/**
 * GET /invoices/export: every row of the overview's tab, search and filters, in its order, as a
 * workbook or CSV in the user's language. Answers how many invoices the file holds.
 */
export async function exportInvoiceList(request: InvoiceListRequest, format: ListExportFormat): Promise<number> {
  const headers = await downloadFile('/invoices/export', {
    fallbackName: `invoices.${format}`,
    query: { ...request, format },
  });
  return Number(headers.get('x-row-count') ?? 0);
}
