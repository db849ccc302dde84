import { z } from 'zod';

/**
 * The plan catalogue: every limit and price in one place (SPEC §1 leaves them open).
 * Limits are per organisation and calendar month; `null` means unlimited.
 * An additional pack adds PACK_SIZE invoices and verifications per month.
 */
export const PLANS = ['starter', 'growth', 'professional'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export const FEATURES = [
  'accounts_payable',
  'approval_flows',
  'payment_runs',
  'bank_transactions',
  'accounts_receivable',
  'payment_reminders',
  'counterparty_verification',
  'purchase_orders',
  'automations',
  'fraud_analysis',
  'accounting_export',
  'insights',
  'api',
  'webhooks',
  'ai_assistant',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface PlanDefinition {
  plan: Plan;
  /** Price per month in euro cents, by billing interval (annual is billed yearly at 12 × this). */
  monthlyPriceCents: Record<BillingInterval, number>;
  limits: {
    users: number | null;
    verificationsPerMonth: number | null;
    invoicesPerMonth: number | null;
    additionalPacks: number | null;
  };
  features: readonly Feature[];
}

const STARTER_FEATURES: readonly Feature[] = [
  'accounts_payable',
  'approval_flows',
  'payment_runs',
  'bank_transactions',
  'accounts_receivable',
  'accounting_export',
  'insights',
];
const GROWTH_FEATURES: readonly Feature[] = [
  ...STARTER_FEATURES,
  'payment_reminders',
  'counterparty_verification',
  'automations',
  'api',
  'webhooks',
];

export const PLAN_CATALOGUE: Record<Plan, PlanDefinition> = {
  starter: {
    plan: 'starter',
    monthlyPriceCents: { monthly: 4_900, annual: 3_900 },
    limits: { users: 3, verificationsPerMonth: 10, invoicesPerMonth: 100, additionalPacks: 0 },
    features: STARTER_FEATURES,
  },
  growth: {
    plan: 'growth',
    monthlyPriceCents: { monthly: 14_900, annual: 11_900 },
    limits: { users: 15, verificationsPerMonth: 50, invoicesPerMonth: 750, additionalPacks: 5 },
    features: GROWTH_FEATURES,
  },
  professional: {
    plan: 'professional',
    monthlyPriceCents: { monthly: 39_900, annual: 31_900 },
    limits: { users: null, verificationsPerMonth: 250, invoicesPerMonth: 3_000, additionalPacks: null },
    features: [...GROWTH_FEATURES, 'purchase_orders', 'fraud_analysis', 'ai_assistant'],
  },
};

/** One additional pack: +250 invoices and +25 verifications a month for 49 €. */
export const PACK_SIZE = { invoicesPerMonth: 250, verificationsPerMonth: 25 } as const;
export const PACK_MONTHLY_PRICE_CENTS = 4_900;

/** A new organisation starts on a 30-day trial of growth. */
export const TRIAL_PLAN: Plan = 'growth';
export const TRIAL_DAYS = 30;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

const limitsSchema = z.object({
  users: z.number().int().nullable(),
  verificationsPerMonth: z.number().int().nullable(),
  invoicesPerMonth: z.number().int().nullable(),
  additionalPacks: z.number().int().nullable(),
});

export const subscriptionSchema = z.object({
  plan: planSchema,
  interval: billingIntervalSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  additionalPacks: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  trialEndsAt: z.string().nullable(),
  /** Effective limits: the plan's plus its additional packs. */
  limits: limitsSchema,
  usage: z.object({
    users: z.number().int(),
    verificationsThisMonth: z.number().int(),
    invoicesThisMonth: z.number().int(),
  }),
  features: z.array(z.string()),
  monthlyPriceCents: z.number().int(),
  version: z.number().int(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const changePlanBodySchema = z.object({
  plan: planSchema,
  interval: billingIntervalSchema,
  additionalPacks: z.number().int().min(0).max(100).default(0),
  version: z.number().int(),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const planCatalogueResponseSchema = z.object({
  plans: z.array(
    z.object({
      plan: planSchema,
      monthlyPriceCents: z.object({ monthly: z.number().int(), annual: z.number().int() }),
      limits: limitsSchema,
      features: z.array(z.string()),
    }),
  ),
  pack: z.object({
    invoicesPerMonth: z.number().int(),
    verificationsPerMonth: z.number().int(),
    monthlyPriceCents: z.number().int(),
  }),
});

/** Effective limits of a plan with packs; unlimited stays null. */
export function effectiveLimits(plan: Plan, packs: number): PlanDefinition['limits'] {
  const base = PLAN_CATALOGUE[plan].limits;
  const add = (value: number | null, perPack: number) => (value === null ? null : value + perPack * packs);
  return {
    users: base.users,
    verificationsPerMonth: add(base.verificationsPerMonth, PACK_SIZE.verificationsPerMonth),
    invoicesPerMonth: add(base.invoicesPerMonth, PACK_SIZE.invoicesPerMonth),
    additionalPacks: base.additionalPacks,
  };
}

export type PlanCatalogue = z.infer<typeof planCatalogueResponseSchema>;

/** The catalogue as GET /supscription-plan/plans answers it (and the web shows before it arrives). */
export function planCatalogue(): PlanCatalogue {
  return {
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
}
