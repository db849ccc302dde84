import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ImportAddress {
  /** `<slug>@<MAIL_DOMAIN>`: mail with invoice attachments sent here becomes invoices. */
  address: string;
}

/** GET /invoices/import-address: the organisation's e-mail import address (SPEC §1, §9). */
export function getImportAddress(): Promise<ImportAddress> {
  return api.get<ImportAddress>('/invoices/import-address');
}

export function importAddressQueryOptions() {
  // The address changes only with the organisation's slug; it is fetched once per visit.
  return queryOptions({
    queryKey: [...queryKeys.invoices.all(), 'import-address'] as const,
    queryFn: getImportAddress,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useImportAddress() {
  return useQuery(importAddressQueryOptions());
}
