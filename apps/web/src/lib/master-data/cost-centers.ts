import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CostCenter, costCenterInputSchema } from '@kontor/domain/master-data';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MASTER_DATA_STALE_TIME, useMasterDataMutations, type ListAnswer } from './master-data-api';

export type CostCenterInput = z.output<typeof costCenterInputSchema>;
export const COST_CENTERS_PATH = '/cost-centers';

/** GET /cost-centers[?type=1|2]: KOST1 and KOST2 share one table; the type filters. */
export function listCostCenters(type?: 1 | 2): Promise<ListAnswer<CostCenter>> {
  return api.get<ListAnswer<CostCenter>>(COST_CENTERS_PATH, { query: { type } });
}

export function costCentersQueryOptions(type?: 1 | 2) {
  return queryOptions({
    queryKey: queryKeys.masterData.costCenters(type),
    queryFn: () => listCostCenters(type),
    staleTime: MASTER_DATA_STALE_TIME,
  });
}

export function useCostCenters(type?: 1 | 2) {
  return useQuery(costCentersQueryOptions(type));
}

/** A cost centre by id as "code name" (the flow summaries name conditions so); `unknown` for one not (yet) loaded. */
export function useCostCenterLabel(unknown: string): (id: string) => string {
  const costCenters = useCostCenters();
  return (id) => {
    const costCenter = costCenters.data?.items.find((candidate) => candidate.id === id);
    return costCenter ? `${costCenter.code} ${costCenter.name}`.trim() : unknown;
  };
}

/** Admin writes: create, update (with version), delete (with version), CSV import. */
export function useCostCenterMutations() {
  return useMasterDataMutations<CostCenter, CostCenterInput>(COST_CENTERS_PATH, queryKeys.masterData.costCenters());
}
