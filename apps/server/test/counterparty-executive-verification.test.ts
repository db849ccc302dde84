import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutiveVerificationView, Organization, RequiredVerifiersPolicy } from '@kontor/domain';
import {
  counterpartyEmailVerifications,
  counterpartyExecutiveVerifications,
  counterpartyExecutiveVerifiers,
  subscriptions,
  usageCounters,
} from '../src/db/schema';
import { monthKey } from '../src/modules/subscriptions/service';
import { outboxFor } from './approval-fixtures';
import { type caller, counterpartyBody, createCounterparty, createCounterpartyTestOrganization } from './counterparty-fixtures';
import { addMember, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('executive verification of bank accounts', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let clerk: TestUser;
  let anna: TestUser;
  let bert: TestUser;
  let carl: TestUser;
  let viewer: TestUser;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ org, clerk, viewer, call } = await createCounterpartyTestOrganization(testApp, 'Verify GmbH'));
    anna = await addMember(testApp, org.id, []);
    bert = await addMember(testApp, org.id, []);
    carl = await addMember(testApp, org.id, []);
  });
  afterAll(async () => testApp.close());

  let supplierCount = 0;
  /** A counterparty with one bank account; answers its id and the account's id. */
  const supplier = async (cookie = clerk.cookie) => {
    supplierCount += 1;
    const created = await createCounterparty(testApp, cookie, {
      name: `Lieferant ${supplierCount}`,
      bankAccounts: [{ name: 'Haupt', iban: 'DE89370400440532013000', bic: null }],
    });
    return { id: created.id, bankAccountId: created.bankAccounts[0]!.id };
  };
  const setPolicy = async (policy: RequiredVerifiersPolicy) => {
    const current = (await call('GET', `/api/organization/${org.id}`, org.admin.cookie)).json<Organization>();
    const response = await call('PUT', '/api/organization', org.admin.cookie, {
      version: current.version,
      requiredVerifiers: policy,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const request = (target: { id: string; bankAccountId: string }, verifierIds: string[], cookie = clerk.cookie) =>
    call('POST', `/api/counterparties/${target.id}/bank-accounts/${target.bankAccountId}/executive-verification`, cookie, {
      verifierIds,
    });
  const requested = async (target: { id: string; bankAccountId: string }, verifierIds: string[]) => {
    const response = await request(target, verifierIds);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ExecutiveVerificationView>();
  };
  const decide = (counterpartyId: string, verificationId: string, user: TestUser, decision: 'approved' | 'rejected') =>
    call('POST', `/api/counterparties/${counterpartyId}/executive-verifications/${verificationId}/decision`, user.cookie, {
      decision,
    });
  const decided = async (counterpartyId: string, verificationId: string, user: TestUser, decision: 'approved' | 'rejected') => {
    const response = await decide(counterpartyId, verificationId, user, decision);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExecutiveVerificationView>();
  };

  it('saves the required-verifiers setting (admin only, custom at least 1, stale version 409)', async () => {
    const before = (await call('GET', `/api/organization/${org.id}`, org.admin.cookie)).json<Organization>();
    expect(before.requiredVerifiers).toBe('one');
    const saved = await call('PUT', '/api/organization', org.admin.cookie, {
      version: before.version,
      requiredVerifiers: { custom: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Organization>().requiredVerifiers).toEqual({ custom: 2 });

    const zero = await call('PUT', '/api/organization', org.admin.cookie, {
      version: saved.json<Organization>().version,
      requiredVerifiers: { custom: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const stale = await call('PUT', '/api/organization', org.admin.cookie, { version: before.version, requiredVerifiers: 'all' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    const notAdmin = await call('PUT', '/api/organization', clerk.cookie, {
      version: saved.json<Organization>().version,
      requiredVerifiers: 'all',
    });
    expect(notAdmin.statusCode).toBe(403);
    await setPolicy('one');
  });

  it('requests a verification: snapshots IBAN and required approvals, mails the verifiers, logs it', async () => {
    await setPolicy('one');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId]);
    expect(view).toMatchObject({
      counterpartyId: target.id,
      bankAccountId: target.bankAccountId,
      iban: 'DE89370400440532013000',
      requiredApprovals: 1,
      approvals: 0,
      outcome: 'pending',
      requestedBy: { id: clerk.userId },
      canDecide: false,
    });
    expect(view.verifiers.map((item) => item.decision)).toEqual(['request_sent', 'request_sent']);
    const mails = await outboxFor(testApp, org.id, anna.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Lieferant');
    expect(mails[0]!.textBody).toContain('DE89 3704 0044 0532 0130 00');
    expect(await outboxFor(testApp, org.id, bert.email)).toHaveLength(1);

    const activity = (await call('GET', `/api/counterparties/${target.id}/activity`, viewer.cookie)).json<{
      items: { action: string; changes: Record<string, unknown> | null }[];
    }>().items;
    expect(activity[0]).toMatchObject({
      action: 'update',
      changes: {
        executiveVerification: { from: null, to: 'pending' },
        executiveVerificationIban: { to: 'DE89370400440532013000' },
        executiveVerificationRequired: { to: 1 },
      },
    });

    const waiting = (await call('GET', '/api/counterparty-verifications/waiting-for-me', anna.cookie)).json<{
      items: { id: string; counterpartyName: string; iban: string; requestedBy: { name: string } | null }[];
    }>().items;
    expect(waiting.find((item) => item.id === view.id)).toMatchObject({ iban: 'DE89370400440532013000' });
    const listed = (await call('GET', `/api/counterparties/${target.id}/executive-verifications`, anna.cookie)).json<{
      items: ExecutiveVerificationView[];
    }>().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: view.id, canDecide: true });
  });

  it('policy one: the first approval approves, and the others can no longer decide', async () => {
    await setPolicy('one');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId]);
    const approved = await decided(target.id, view.id, anna, 'approved');
    expect(approved).toMatchObject({ outcome: 'approved', approvals: 1, requiredApprovals: 1 });
    expect(approved.decidedAt).not.toBeNull();
    const decisionLog = (await call('GET', `/api/counterparties/${target.id}/activity`, viewer.cookie)).json<{
      items: { action: string; actorId: string | null; changes: Record<string, unknown> | null }[];
    }>().items[0];
    expect(decisionLog).toMatchObject({
      action: 'update',
      changes: {
        executiveVerificationDecision: { from: 'request_sent', to: 'approved' },
        executiveVerification: { from: 'pending', to: 'approved' },
      },
    });
    const late = await decide(target.id, view.id, bert, 'approved');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('executive_verification_closed');
    const waiting = (await call('GET', '/api/counterparty-verifications/waiting-for-me', bert.cookie)).json<{
      items: { id: string }[];
    }>().items;
    expect(waiting.map((item) => item.id)).not.toContain(view.id);
  });

  it('policy all: pending until every verifier approved', async () => {
    await setPolicy('all');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId, carl.userId]);
    expect(view.requiredApprovals).toBe(3);
    expect((await decided(target.id, view.id, anna, 'approved')).outcome).toBe('pending');
    expect((await decided(target.id, view.id, bert, 'approved')).outcome).toBe('pending');
    const last = await decided(target.id, view.id, carl, 'approved');
    expect(last).toMatchObject({ outcome: 'approved', approvals: 3 });
  });

  it('policy custom 2: approved at the second approval; a later policy change does not alter the request', async () => {
    await setPolicy({ custom: 2 });
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId, carl.userId]);
    expect(view.requiredApprovals).toBe(2);
    await setPolicy('one');
    expect((await decided(target.id, view.id, anna, 'approved')).outcome).toBe('pending');
    expect((await decided(target.id, view.id, bert, 'approved')).outcome).toBe('approved');
  });

  it('rejection ends it at once, whatever the policy', async () => {
    await setPolicy('all');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId]);
    await decided(target.id, view.id, anna, 'approved');
    const rejected = await decided(target.id, view.id, bert, 'rejected');
    expect(rejected).toMatchObject({ outcome: 'rejected', approvals: 1 });
    const row = await testApp.database.db
      .select()
      .from(counterpartyExecutiveVerifications)
      .where(
        and(eq(counterpartyExecutiveVerifications.organizationId, org.id), eq(counterpartyExecutiveVerifications.id, view.id)),
      );
    expect(row[0]).toMatchObject({ outcome: 'rejected' });
    expect(row[0]!.decidedAt).not.toBeNull();
  });

  it('two simultaneous approvals of a two-of-two request approve it exactly once', async () => {
    await setPolicy('all');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId]);
    const results = await Promise.all([
      decide(target.id, view.id, anna, 'approved'),
      decide(target.id, view.id, bert, 'approved'),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const outcomes = results.map((response) => response.json<ExecutiveVerificationView>().outcome).sort();
    expect(outcomes).toEqual(['approved', 'pending']);
  });

  it('refuses a request without verifiers, with a verifier twice, with too few for the policy, or with a non-member', async () => {
    await setPolicy({ custom: 2 });
    const target = await supplier();
    const none = await request(target, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('executive_verifier_required');
    const twice = await request(target, [anna.userId, anna.userId]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('executive_verifier_duplicate');
    const tooFew = await request(target, [anna.userId]);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toMatchObject({ code: 'executive_too_few_verifiers', params: { required: 2 } });
    const stranger = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    const notMember = await request(target, [anna.userId, stranger.admin.userId]);
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().code).toBe('executive_verifier_not_member');
    const listed = (await call('GET', `/api/counterparties/${target.id}/executive-verifications`, viewer.cookie)).json<{
      items: unknown[];
    }>().items;
    expect(listed).toEqual([]);
  });

  it('refuses a decision by someone who is not a named verifier, and a second decision', async () => {
    await setPolicy('all');
    const target = await supplier();
    const view = await requested(target, [anna.userId, bert.userId]);
    const outsider = await decide(target.id, view.id, carl, 'approved');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('executive_not_verifier');
    const admin = await decide(target.id, view.id, org.admin, 'approved');
    expect(admin.statusCode).toBe(403);
    await decided(target.id, view.id, anna, 'approved');
    const again = await decide(target.id, view.id, anna, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('executive_already_decided');
  });

  it('keeps the requester out of their own request: not offered, refused as verifier, refused as decider', async () => {
    await setPolicy('one');
    const target = await supplier();
    const candidates = (await call('GET', '/api/counterparty-verifications/verifier-candidates', clerk.cookie)).json<{
      items: { id: string }[];
    }>().items;
    expect(candidates.map((item) => item.id)).toEqual(expect.arrayContaining([anna.userId, org.admin.userId]));
    expect(candidates.map((item) => item.id)).not.toContain(clerk.userId);
    for (const verifierIds of [[clerk.userId], [anna.userId, clerk.userId]]) {
      const selfNamed = await request(target, verifierIds);
      expect(selfNamed.statusCode).toBe(400);
      expect(selfNamed.json().code).toBe('executive_verifier_is_requester');
    }
    const adminSelf = await request(target, [org.admin.userId], org.admin.cookie);
    expect(adminSelf.json().code).toBe('executive_verifier_is_requester');

    // A request that named its requester before the rule (or written by other means) is not theirs to decide either.
    const [legacy] = await testApp.database.db
      .insert(counterpartyExecutiveVerifications)
      .values({
        organizationId: org.id,
        counterpartyId: target.id,
        bankAccountId: target.bankAccountId,
        iban: 'DE89370400440532013000',
        requiredApprovals: 1,
        requestedBy: clerk.userId,
      })
      .returning();
    await testApp.database.db.insert(counterpartyExecutiveVerifiers).values([
      { organizationId: org.id, verificationId: legacy!.id, userId: clerk.userId },
      { organizationId: org.id, verificationId: legacy!.id, userId: anna.userId },
    ]);
    const own = await decide(target.id, legacy!.id, clerk, 'approved');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('executive_requester_cannot_decide');
    const listed = (await call('GET', `/api/counterparties/${target.id}/executive-verifications`, clerk.cookie)).json<{
      items: ExecutiveVerificationView[];
    }>().items;
    expect(listed.find((item) => item.id === legacy!.id)).toMatchObject({ canDecide: false, outcome: 'pending' });
    const waiting = (await call('GET', '/api/counterparty-verifications/waiting-for-me', clerk.cookie)).json<{
      items: { id: string }[];
    }>().items;
    expect(waiting.map((item) => item.id)).not.toContain(legacy!.id);
    // A colleague named in it still decides.
    expect((await decided(target.id, legacy!.id, anna, 'approved')).outcome).toBe('approved');
  });

  it('allows one open request per bank account; once decided, a new one can be sent', async () => {
    await setPolicy('one');
    const target = await supplier();
    const first = await requested(target, [anna.userId]);
    const second = await request(target, [bert.userId]);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('executive_verification_open');
    await decided(target.id, first.id, anna, 'rejected');
    const again = await requested(target, [bert.userId]);
    expect(again.outcome).toBe('pending');
  });

  it('needs the permission to manage counterparties to request, and a bank account of that counterparty', async () => {
    await setPolicy('one');
    const target = await supplier();
    const forbidden = await request(target, [anna.userId], viewer.cookie);
    expect(forbidden.statusCode).toBe(403);
    const other = await supplier();
    const wrongAccount = await request({ id: target.id, bankAccountId: other.bankAccountId }, [anna.userId]);
    expect(wrongAccount.statusCode).toBe(404);
    expect(wrongAccount.json().code).toBe('counterparty_bank_account_not_found');
  });

  it("answers 404 for another organisation's counterparty and verification", async () => {
    await setPolicy('one');
    const target = await supplier();
    const view = await requested(target, [anna.userId]);
    const foreign = await createOrganizationWithAdmin(testApp, 'Ausland GmbH');
    expect((await request(target, [foreign.admin.userId], foreign.admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/counterparties/${target.id}/executive-verifications`, foreign.admin.cookie)).statusCode).toBe(
      404,
    );
    const foreignDecision = await call(
      'POST',
      `/api/counterparties/${target.id}/executive-verifications/${view.id}/decision`,
      foreign.admin.cookie,
      { decision: 'approved' },
    );
    expect(foreignDecision.statusCode).toBe(404);
    const stillPending = (await call('GET', `/api/counterparties/${target.id}/executive-verifications`, anna.cookie)).json<{
      items: ExecutiveVerificationView[];
    }>().items;
    expect(stillPending[0]!.outcome).toBe('pending');
  });

  it('counts every request against the plan: past the starter limit it is refused and nothing is stored', async () => {
    const small = await createOrganizationWithAdmin(testApp, 'Klein GmbH');
    const colleague = await addMember(testApp, small.id, []);
    await testApp.database.db
      .update(subscriptions)
      .set({ plan: 'starter', status: 'active', additionalPacks: 0 })
      .where(eq(subscriptions.organizationId, small.id));
    const limits = (await call('GET', '/api/supscription-plan/subscription', small.admin.cookie)).json<{
      limits: { verificationsPerMonth: number };
    }>().limits;
    expect(limits.verificationsPerMonth).toBe(10);
    await testApp.database.db
      .insert(usageCounters)
      .values({ organizationId: small.id, metric: 'verifications', month: monthKey(), count: 9 });
    const target = await supplier(small.admin.cookie);
    const last = await request(target, [colleague.userId], small.admin.cookie);
    expect(last.statusCode, last.body).toBe(201);
    const another = await supplier(small.admin.cookie);
    const refused = await request(another, [colleague.userId], small.admin.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'subscription_limit_reached', params: { limit: 'verificationsPerMonth' } });
    const listed = (await call('GET', `/api/counterparties/${another.id}/executive-verifications`, small.admin.cookie)).json<{
      items: unknown[];
    }>().items;
    expect(listed).toHaveLength(0);
    expect(await outboxFor(testApp, small.id, colleague.email)).toHaveLength(1);
  });

  it('removing a bank account keeps its e-mail and executive verifications in the history, no longer naming the account', async () => {
    await setPolicy('one');
    const counterparty = await createCounterparty(testApp, clerk.cookie, {
      name: 'Kontowechsel GmbH',
      email: 'buchhaltung@kontowechsel.de',
      bankAccounts: [
        { name: 'Alt', iban: 'DE89370400440532013000', bic: null },
        { name: 'Neu', iban: 'DE02120300000000202051', bic: null },
      ],
    });
    const removed = counterparty.bankAccounts.find((account) => account.name === 'Alt')!;
    const kept = counterparty.bankAccounts.find((account) => account.name === 'Neu')!;
    const emailRun = await call(
      'POST',
      `/api/counterparties/${counterparty.id}/bank-accounts/${removed.id}/email-verification`,
      clerk.cookie,
      {},
    );
    expect(emailRun.statusCode, emailRun.body).toBe(201);
    const executive = await requested({ id: counterparty.id, bankAccountId: removed.id }, [anna.userId]);
    const keptRequest = await requested({ id: counterparty.id, bankAccountId: kept.id }, [anna.userId]);

    const updated = await call('PUT', `/api/counterparties/${counterparty.id}`, clerk.cookie, {
      ...counterpartyBody({
        name: 'Kontowechsel GmbH',
        email: 'buchhaltung@kontowechsel.de',
        accountsPayableNumber: counterparty.accountsPayableNumber,
        bankAccounts: [{ id: kept.id, name: kept.name, iban: kept.iban, bic: kept.bic }],
      }),
      version: counterparty.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const emailRows = await testApp.database.db
      .select({ bankAccountId: counterpartyEmailVerifications.bankAccountId, iban: counterpartyEmailVerifications.iban })
      .from(counterpartyEmailVerifications)
      .where(eq(counterpartyEmailVerifications.counterpartyId, counterparty.id));
    expect(emailRows).toEqual([{ bankAccountId: null, iban: 'DE89370400440532013000' }]);
    const executiveRows = await testApp.database.db
      .select({ id: counterpartyExecutiveVerifications.id, bankAccountId: counterpartyExecutiveVerifications.bankAccountId })
      .from(counterpartyExecutiveVerifications)
      .where(eq(counterpartyExecutiveVerifications.counterpartyId, counterparty.id));
    expect(executiveRows).toEqual(
      expect.arrayContaining([
        { id: executive.id, bankAccountId: null },
        { id: keptRequest.id, bankAccountId: kept.id },
      ]),
    );
    expect(executiveRows).toHaveLength(2);
    // The history still lists both requests, the removed account's with its IBAN snapshot.
    const listed = (await call('GET', `/api/counterparties/${counterparty.id}/executive-verifications`, viewer.cookie)).json<{
      items: ExecutiveVerificationView[];
    }>().items;
    expect(listed.find((item) => item.id === executive.id)).toMatchObject({
      bankAccountId: null,
      iban: 'DE89370400440532013000',
    });
  });
});
