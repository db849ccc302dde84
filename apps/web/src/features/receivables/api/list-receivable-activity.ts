import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@/components/activity-list';
import { api } from '@/lib/api-client';
import { receivableKeys, receivablePath } from './receivable-keys';

/** GET /ar-invoices/:id/activity: who created, edited, issued, paid or canceled it, newest first. */
export function useReceivableActivity(id: string) {
  return useQuery({
    queryKey: receivableKeys.activity(id),
    queryFn: ({ signal }) => api.get<{ items: ActivityEntry[] }>(`${receivablePath(id)}/activity`, { signal }),
    select: (data) => data.items,
    staleTime: 0,
  });
}
