import {
  PLAN_CATALOGUE,
  PACK_MONTHLY_PRICE_CENTS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  effectiveLimits,
  type ChangePlanBody,
  type Subscription,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import {
  countMembers,
  findSubscription,
  incrementUsage,
  insertSubscription,
  readUsage,
  updateSubscriptionVersioned,
  type SubscriptionRow,
} from './repo';

export function monthKey(date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Every new organisation starts with a trial of the growth plan (see packages/domain/src/subscription.ts). */
export async function createTrialSubscription(tx: Tx, orgId: OrgId, now = new Date()): Promise<void> {
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  await insertSubscription(tx, {
    organizationId: orgId,
    plan: TRIAL_PLAN,
    interval: 'monthly',
    status: 'trialing',
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd,
    trialEndsAt: trialEnd,
  });
}

async function toSubscription(tx: Tx, orgId: OrgId, row: SubscriptionRow): Promise<Subscription> {
  const definition = PLAN_CATALOGUE[row.plan];
  const usage = await readUsage(tx, orgId, monthKey());
  return {
    plan: row.plan,
    interval: row.interval,
    status: row.status,
    additionalPacks: row.additionalPacks,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    limits: effectiveLimits(row.plan, row.additionalPacks),
    usage: {
      users: await countMembers(tx, orgId),
      verificationsThisMonth: usage.verifications,
      invoicesThisMonth: usage.invoices,
    },
    features: [...definition.features],
    monthlyPriceCents: definition.monthlyPriceCents[row.interval] + row.additionalPacks * PACK_MONTHLY_PRICE_CENTS,
    version: row.version,
  };
}

export async function getSubscription(database: Database, org: OrgContext): Promise<Subscription> {
  return database.withOrg({ orgId: org.orgId, userId: org.userId }, async (tx) => {
    const row = await findSubscription(tx, org.orgId);
    if (!row) throw new AppError('subscription_not_found');
    return toSubscription(tx, org.orgId, row);
  });
}

/**
 * Switches plan, interval or packs. Without a payment provider configured this takes effect at
 * once (the default set-up takes no payment); a downgrade below current usage is refused.
 */
export async function changePlan(database: Database, org: OrgContext, body: ChangePlanBody): Promise<Subscription> {
  return database.withOrg({ orgId: org.orgId, userId: org.userId }, async (tx) => {
    const current = await findSubscription(tx, org.orgId);
    if (!current) throw new AppError('subscription_not_found');
    const limits = effectiveLimits(body.plan, body.additionalPacks);
    const maxPacks = PLAN_CATALOGUE[body.plan].limits.additionalPacks;
    if (maxPacks !== null && body.additionalPacks > maxPacks) {
      throw new AppError('plan_change_failed', undefined, { fieldErrors: { additionalPacks: [`max ${maxPacks}`] } });
    }
    const members = await countMembers(tx, org.orgId);
    if (limits.users !== null && members > limits.users) {
      throw new AppError('subscription_limit_reached', { limit: 'users' });
    }
    const now = new Date();
    const isNewTerm = current.plan !== body.plan || current.interval !== body.interval || current.status === 'trialing';
    const updated = await updateSubscriptionVersioned(tx, org.orgId, body.version, {
      plan: body.plan,
      interval: body.interval,
      additionalPacks: body.additionalPacks,
      status: 'active',
      trialEndsAt: null,
      ...(isNewTerm ? { currentPeriodStart: now, currentPeriodEnd: addMonths(now, body.interval === 'annual' ? 12 : 1) } : {}),
    });
    if (!updated) throw new AppError('stale_version');
    await writeActivity(tx, org.orgId, {
      entityType: 'subscription',
      entityId: org.orgId,
      action: 'update',
      actor: { type: 'user', id: org.userId },
      changes: {
        plan: { from: current.plan, to: body.plan },
        interval: { from: current.interval, to: body.interval },
        additionalPacks: { from: current.additionalPacks, to: body.additionalPacks },
      },
    });
    return toSubscription(tx, org.orgId, updated);
  });
}

/**
 * Counts one unit of a metered resource and refuses it past the plan's monthly limit.
 * Later modules (invoice upload, verifications) call this inside their transaction.
 */
export async function consumeQuota(tx: Tx, orgId: OrgId, metric: 'invoices' | 'verifications', by = 1): Promise<void> {
  const row = await findSubscription(tx, orgId);
  if (!row) throw new AppError('subscription_not_found');
  const limits = effectiveLimits(row.plan, row.additionalPacks);
  const limit = metric === 'invoices' ? limits.invoicesPerMonth : limits.verificationsPerMonth;
  const total = await incrementUsage(tx, orgId, metric, monthKey(), by);
  if (limit !== null && total > limit) {
    throw new AppError('subscription_limit_reached', {
      limit: metric === 'invoices' ? 'invoicesPerMonth' : 'verificationsPerMonth',
    });
  }
}
