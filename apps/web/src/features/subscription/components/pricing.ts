import type { BillingInterval, Plan } from '@kontor/domain/subscription';
import type { CataloguePlan, PlanCatalogue } from '../api/list-plans';

/** The server's own upper bound for packs when a plan has no limit. */
export const MAX_PACKS = 100;

export interface PlanChoice {
  plan: Plan;
  interval: BillingInterval;
  additionalPacks: number;
}

export function findPlan(catalogue: PlanCatalogue, plan: Plan): CataloguePlan | undefined {
  return catalogue.plans.find((entry) => entry.plan === plan);
}

/** How many packs a plan allows (null limit: up to MAX_PACKS). */
export function maxPacksFor(plan: CataloguePlan | undefined): number {
  const limit = plan?.limits.additionalPacks;
  return limit === null || limit === undefined ? MAX_PACKS : Math.min(limit, MAX_PACKS);
}

/** Price per month in cents: the plan at that interval plus its packs. */
export function monthlyTotalCents(catalogue: PlanCatalogue, choice: PlanChoice): number {
  const plan = findPlan(catalogue, choice.plan);
  if (!plan) return 0;
  return plan.monthlyPriceCents[choice.interval] + choice.additionalPacks * catalogue.pack.monthlyPriceCents;
}

/** Annual billing charges twelve months at once. */
export function billedAmountCents(catalogue: PlanCatalogue, choice: PlanChoice): number {
  const monthly = monthlyTotalCents(catalogue, choice);
  return choice.interval === 'annual' ? monthly * 12 : monthly;
}

/** Annual saving against paying monthly, in whole percent (for the toggle's hint). */
export function annualSavingPercent(catalogue: PlanCatalogue): number {
  const savings = catalogue.plans
    .filter((plan) => plan.monthlyPriceCents.monthly > 0)
    .map((plan) => 1 - plan.monthlyPriceCents.annual / plan.monthlyPriceCents.monthly);
  return savings.length ? Math.round(Math.max(...savings) * 100) : 0;
}
