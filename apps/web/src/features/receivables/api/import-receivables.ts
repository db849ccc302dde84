import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArImportResult, ArInvoice } from '@kontor/domain/receivables/receivable-view';
import type { ListExportFormat } from '@kontor/domain/list-export';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import type { ImportRequest } from '@/lib/master-data/master-data-api';
import { RECEIVABLES_PATH, receivableKeys } from './receivable-keys';

/** POST /ar-invoices/imports/csv: the CSV and the dialog's column mapping; one invoice per row. */
export function importReceivablesCsv({ file, mapping }: ImportRequest): Promise<ArImportResult> {
  const formData = new FormData();
  if (mapping) formData.append('mapping', JSON.stringify(mapping));
  formData.append('file', file);
  return apiRequest<ArImportResult>(`${RECEIVABLES_PATH}/imports/csv`, { method: 'POST', formData });
}

/** POST /ar-invoices/imports/einvoice: one existing invoice from its XRechnung or ZUGFeRD file. */
export function importReceivableEInvoice(file: File): Promise<ArInvoice> {
  const formData = new FormData();
  formData.append('file', file);
  return apiRequest<ArInvoice>(`${RECEIVABLES_PATH}/imports/einvoice`, { method: 'POST', formData });
}

/** Both imports refresh every list of the overview afterwards. */
export function useReceivableImports() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: receivableKeys.lists() });
  return {
    csv: useMutation({ mutationFn: importReceivablesCsv, onSuccess: refresh }),
    einvoice: useMutation({ mutationFn: importReceivableEInvoice, onSuccess: refresh }),
  };
}

/** GET /ar-invoices/export: every receivable of the overview's tab, filters and search, as a file; answers how many. */
export async function exportReceivableList(query: Record<string, string>, format: ListExportFormat): Promise<number> {
  const headers = await downloadFile(`${RECEIVABLES_PATH}/export`, {
    fallbackName: `receivables.${format}`,
    query: { ...query, format },
  });
  return Number(headers.get('x-row-count') ?? 0);
}
