import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailImport } from '@kontor/domain/invoices/email-import';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices/email-imports: the latest mails received at the import address (ap_invoices:manage). */
export function listEmailImports(): Promise<{ items: EmailImport[] }> {
  return api.get<{ items: EmailImport[] }>('/invoices/email-imports');
}

export function useEmailImports(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.invoices.all(), 'email-imports'] as const,
      queryFn: listEmailImports,
      enabled,
    }),
  );
}
