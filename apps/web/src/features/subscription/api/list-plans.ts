import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PACK_MONTHLY_PRICE_CENTS,
  PACK_SIZE,
  PLAN_CATALOGUE,
  PLANS,
  type planCatalogueResponseSchema,
} from '@kontor/domain/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PlanCatalogue = z.infer<typeof planCatalogueResponseSchema>;
export type CataloguePlan = PlanCatalogue['plans'][number];

/** The catalogue as the domain package defines it; shown until the server's answer arrives. */
export const LOCAL_CATALOGUE: PlanCatalogue = {
  plans: PLANS.map((plan) => {
    const definition = PLAN_CATALOGUE[plan];
    return {
      plan,
      monthlyPriceCents: definition.monthlyPriceCents,
      limits: definition.limits,
      features: [...definition.features],
    };
  }),
  pack: { ...PACK_SIZE, monthlyPriceCents: PACK_MONTHLY_PRICE_CENTS },
};

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
