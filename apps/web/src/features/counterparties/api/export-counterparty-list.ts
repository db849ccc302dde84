import type { ListExportFormat } from '@kontor/domain/list-export';
import { downloadFile } from '@/lib/download-file';
import type { CounterpartyListRequest } from '../model/list-filters';

/** GET /counterparties/export: every counterparty of the list's search and filters, as a file; answers how many. */
export async function exportCounterpartyList(request: CounterpartyListRequest, format: ListExportFormat): Promise<number> {
  const headers = await downloadFile('/counterparties/export', {
    fallbackName: `counterparties.${format}`,
    query: { ...request, format },
  });
  return Number(headers.get('x-row-count') ?? 0);
}
