import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, type Subscription } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { consumeQuota } from '../src/modules/subscriptions/service';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('GET/PUT /supscription-plan/subscription', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Plan GmbH');
  });
  afterAll(async () => testApp.close());

  const read = async () =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/supscription-plan/subscription', headers: browser(org.admin.cookie) })
    ).json<Subscription>();

  it('starts a new organisation on a growth trial with its limits and usage', async () => {
    const subscription = await read();
    expect(subscription).toMatchObject({
      plan: 'growth',
      interval: 'monthly',
      status: 'trialing',
      additionalPacks: 0,
      limits: PLAN_CATALOGUE.growth.limits,
      usage: { users: 1, invoicesThisMonth: 0, verificationsThisMonth: 0 },
    });
    expect(new Date(subscription.trialEndsAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('switches plan without payment, adds packs, and refuses a stale version', async () => {
    const before = await read();
    const change = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/supscription-plan/subscription',
        headers: browser(org.admin.cookie),
        payload,
      });
    const response = await change({ plan: 'professional', interval: 'annual', additionalPacks: 2, version: before.version });
    expect(response.statusCode).toBe(200);
    const after = response.json<Subscription>();
    expect(after).toMatchObject({
      plan: 'professional',
      interval: 'annual',
      status: 'active',
      additionalPacks: 2,
      trialEndsAt: null,
    });
    expect(after.limits.invoicesPerMonth).toBe(PLAN_CATALOGUE.professional.limits.invoicesPerMonth! + 2 * 250);
    expect(after.monthlyPriceCents).toBe(PLAN_CATALOGUE.professional.monthlyPriceCents.annual + 2 * 4_900);
    expect((await change({ plan: 'starter', interval: 'monthly', additionalPacks: 0, version: before.version })).statusCode).toBe(
      409,
    );
    const tooManyPacks = await change({ plan: 'starter', interval: 'monthly', additionalPacks: 1, version: after.version });
    expect(tooManyPacks.statusCode).toBe(400);
    expect((await read()).plan).toBe('professional');
  });

  it('refuses a downgrade below the members in use', async () => {
    for (let i = 0; i < 3; i += 1) await addMember(testApp, org.id);
    const current = await read();
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/supscription-plan/subscription',
      headers: browser(org.admin.cookie),
      payload: { plan: 'starter', interval: 'monthly', additionalPacks: 0, version: current.version },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'subscription_limit_reached', params: { limit: 'users' } });
  });

  it('meters invoices per month and stops at the limit without counting the refused one', async () => {
    const orgId = asOrgId(org.id);
    const limit = (await read()).limits.invoicesPerMonth!;
    await testApp.database.withOrg({ orgId, userId: null }, (tx) => consumeQuota(tx, orgId, 'invoices', limit));
    await expect(
      testApp.database.withOrg({ orgId, userId: null }, (tx) => consumeQuota(tx, orgId, 'invoices')),
    ).rejects.toMatchObject({
      code: 'subscription_limit_reached',
    });
    expect((await read()).usage.invoicesThisMonth).toBe(limit);
  });

  it('lists the plan catalogue', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/supscription-plan/plans',
      headers: browser(org.admin.cookie),
    });
    expect(response.json().plans.map((plan: { plan: string }) => plan.plan)).toEqual(['starter', 'growth', 'professional']);
  });
});
