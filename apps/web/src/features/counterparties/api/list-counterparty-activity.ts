import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityEntrySchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { counterpartyPath } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /counterparties/:id/activity: who did what when, newest first (same shape as the invoice history). */
export function listCounterpartyActivity(id: string): Promise<{ items: ActivityEntry[] }> {
  return api.get<{ items: ActivityEntry[] }>(`${counterpartyPath(id)}/activity`);
}

export function useCounterpartyActivity(id: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.counterparties.activity(id), queryFn: () => listCounterpartyActivity(id), staleTime: 0 }),
  );
}
