import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { getInvoice } from '../detail/api/get-invoice';
import { applyInvoice } from '../detail/api/invoice-cache';
import { restoreInvoice } from '../detail/api/restore-invoice';

/**
 * Restore from the archive list. Its rows carry no version, so this reads the invoice first
 * (GET /invoices/:id) and restores exactly the version it saw (POST /invoices/:id/restore).
 */
export async function restoreArchivedInvoice(id: string): Promise<Invoice> {
  const current = await getInvoice(id);
  return restoreInvoice(id, current.version);
}

export function useRestoreArchivedInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreArchivedInvoice,
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
