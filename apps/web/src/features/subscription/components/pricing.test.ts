import { describe, expect, it } from 'vitest';
import { PACK_MONTHLY_PRICE_CENTS, PACK_SIZE, PLAN_CATALOGUE, PLANS } from '@kontor/domain/subscription';
import type { PlanCatalogue } from '../api/list-plans';
import { annualSavingPercent, billedAmountCents, findPlan, maxPacksFor, monthlyTotalCents } from './pricing';

const catalogue: PlanCatalogue = {
  plans: PLANS.map((plan) => ({ ...PLAN_CATALOGUE[plan], features: [...PLAN_CATALOGUE[plan].features] })),
  pack: { ...PACK_SIZE, monthlyPriceCents: PACK_MONTHLY_PRICE_CENTS },
};

describe('pricing', () => {
  it('adds packs to the plan price per month', () => {
    expect(monthlyTotalCents(catalogue, { plan: 'growth', interval: 'monthly', additionalPacks: 2 })).toBe(14_900 + 2 * 4_900);
    expect(monthlyTotalCents(catalogue, { plan: 'starter', interval: 'annual', additionalPacks: 0 })).toBe(3_900);
  });

  it('bills annual plans for twelve months at once', () => {
    expect(billedAmountCents(catalogue, { plan: 'professional', interval: 'annual', additionalPacks: 0 })).toBe(12 * 31_900);
    expect(billedAmountCents(catalogue, { plan: 'professional', interval: 'monthly', additionalPacks: 0 })).toBe(39_900);
  });

  it('limits packs by plan', () => {
    expect(maxPacksFor(findPlan(catalogue, 'starter'))).toBe(0);
    expect(maxPacksFor(findPlan(catalogue, 'growth'))).toBe(5);
    expect(maxPacksFor(findPlan(catalogue, 'professional'))).toBe(100);
  });

  it('states the best annual saving', () => {
    expect(annualSavingPercent(catalogue)).toBe(20);
  });
});
