import { queryOptions, useQuery } from '@tanstack/react-query';
import { planCatalogue, type PlanCatalogue } from '@kontor/domain/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { PlanCatalogue };
export type CataloguePlan = PlanCatalogue['plans'][number];

/** The catalogue as the domain package defines it; shown until the server's answer arrives. */
export const LOCAL_CATALOGUE: PlanCatalogue = planCatalogue();

/** GET /supscription-plan/plans: plans with limits and prices in euro cents. */
export function listPlans(): Promise<PlanCatalogue> {
  return api.get<PlanCatalogue>('/supscription-plan/plans');
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.subscription.plans(),
    queryFn: listPlans,
    staleTime: 60 * 60_000,
    placeholderData: LOCAL_CATALOGUE,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
