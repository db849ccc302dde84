import { useQuery } from '@tanstack/react-query';
import { counterpartyQueryOptions } from '@/lib/master-data/counterparties';

/** GET /counterparties/:id, fresh on every visit: the editor starts from the latest version. */
export function useCounterpartyRecord(id: string | undefined) {
  return useQuery({ ...counterpartyQueryOptions(id ?? ''), enabled: Boolean(id), staleTime: 0 });
}
