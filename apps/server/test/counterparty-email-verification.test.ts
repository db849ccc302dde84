import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Counterparty,
  CounterpartyFieldsInput,
  EmailVerificationList,
  EmailVerificationRun,
  PublicVerification,
} from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { counterparties, counterpartyEmailVerifications, mailOutbox } from '../src/db/schema';
import type { OutboxMailer } from '../src/plugins/mailer';
import { expireOverdueRunsEverywhere } from '../src/modules/counterparty-verification/email/service';
import { hashVerificationToken } from '../src/modules/counterparty-verification/email/token';
import { consumeQuota } from '../src/modules/subscriptions/service';
import { counterpartyBody, createCounterparty, useCounterpartyTestContext } from './counterparty-fixtures';
import { createOrganizationWithAdmin } from './factories';

const OUR_IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'DE02120300000000202051';

describe('bank-account verification by e-mail', () => {
  const ctx = useCounterpartyTestContext('Prüfer GmbH');

  const supplier = (email: string | null = 'buchhaltung@lieferant.de', owner = ctx.org) =>
    createCounterparty(ctx.testApp, owner.admin.cookie, {
      name: `Lieferant ${Math.random()}`,
      email,
      bankAccounts: [{ name: 'Haupt', iban: OUR_IBAN, bic: null }],
    });
  const startUrl = (counterparty: Counterparty) =>
    `/api/counterparties/${counterparty.id}/bank-accounts/${counterparty.bankAccounts[0]!.id}/email-verification`;
  const start = async (counterparty: Counterparty, cookie = ctx.clerk.cookie) =>
    ctx.call('POST', startUrl(counterparty), cookie, {});
  const runs = async (counterparty: Counterparty) => {
    const response = await ctx.call('GET', `/api/counterparties/${counterparty.id}/email-verifications`, ctx.viewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EmailVerificationList>().items;
  };
  const latestMailTo = async (address: string) => {
    const [mail] = await ctx.testApp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, ctx.org.id))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail?.toAddresses).toEqual([address]);
    return mail!;
  };
  const tokenFrom = (text: string) => /\/verify-bank-account\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  /** Starts a run and returns the token from the mail, as the counterparty would receive it. */
  const startAndReadToken = async (counterparty: Counterparty) => {
    expect((await start(counterparty)).statusCode).toBe(201);
    return tokenFrom((await latestMailTo(counterparty.email!)).textBody);
  };
  const publicGet = (token: string) =>
    ctx.testApp.app.inject({ method: 'GET', url: `/api/public/bank-account-verification/${token}` });
  const publicPost = (token: string, iban: string) =>
    ctx.testApp.app.inject({
      method: 'POST',
      url: `/api/public/bank-account-verification/${token}`,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { iban },
    });
  const verificationsUsed = async () => {
    const response = await ctx.call('GET', '/api/supscription-plan/subscription', ctx.org.admin.cookie);
    return response.json<{ usage: { verificationsThisMonth: number } }>().usage.verificationsThisMonth;
  };
  const activityChanges = async (counterparty: Counterparty) =>
    (await ctx.call('GET', `/api/counterparties/${counterparty.id}/activity`, ctx.viewer.cookie))
      .json<{ items: { changes: Record<string, { to: unknown }> | null }[] }>()
      .items.map((item) => item.changes ?? {});

  it('starts a run: counts the quota, mails a link and stores only the token hash', async () => {
    const counterparty = await supplier();
    const usedBefore = await verificationsUsed();
    const response = await start(counterparty);
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json<EmailVerificationRun>();
    expect(run).toMatchObject({
      counterpartyId: counterparty.id,
      bankAccountId: counterparty.bankAccounts[0]!.id,
      iban: OUR_IBAN,
      email: 'buchhaltung@lieferant.de',
      status: 'invitation_sent',
      result: null,
      requestedBy: { id: ctx.clerk.userId },
    });
    const lifetime = Date.parse(run.tokenExpiresAt) - Date.parse(run.createdAt);
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThan(7 * 24 * 3600_000 + 60_000);
    expect(await verificationsUsed()).toBe(usedBefore + 1);

    const mail = await latestMailTo('buchhaltung@lieferant.de');
    expect(mail.subject).toContain('Prüfer GmbH');
    expect(mail.textBody).toContain('http://localhost:3000/verify-bank-account/');
    expect(mail.textBody).not.toContain(OUR_IBAN.slice(-6));
    const token = tokenFrom(mail.textBody);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.testApp.database.db
      .select()
      .from(counterpartyEmailVerifications)
      .where(eq(counterpartyEmailVerifications.id, run.id));
    expect(row!.tokenHash).toBe(hashVerificationToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.mailId).toBe(mail.id);
    expect((await activityChanges(counterparty))[0]).toMatchObject({ emailVerification: { to: 'invitation_sent' } });
  });

  it('writes the invitation in German in DE, AT, CH, LI and LU or without a country, in English elsewhere', async () => {
    const cases: [CounterpartyFieldsInput['country'], 'de' | 'en'][] = [
      [null, 'de'],
      ['DE', 'de'],
      ['AT', 'de'],
      ['CH', 'de'],
      ['LI', 'de'],
      ['LU', 'de'],
      ['FR', 'en'],
      ['NL', 'en'],
      ['US', 'en'],
    ];
    for (const [country, language] of cases) {
      const email = `buchhaltung-${country ?? 'none'}@lieferant.example`;
      const counterparty = await createCounterparty(ctx.testApp, ctx.org.admin.cookie, {
        name: `Lieferant ${country ?? 'ohne Land'}`,
        email,
        country,
        bankAccounts: [{ name: 'Haupt', iban: OUR_IBAN, bic: null }],
      });
      expect((await start(counterparty)).statusCode, String(country)).toBe(201);
      const mail = await latestMailTo(email);
      const expected =
        language === 'de'
          ? { subject: 'Prüfer GmbH: Bitte bestätigen Sie Ihre Bankverbindung', greeting: 'Guten Tag,' }
          : { subject: 'Prüfer GmbH: please confirm your bank account', greeting: 'Hello,' };
      expect(mail.subject, String(country)).toBe(expected.subject);
      expect(mail.textBody.startsWith(expected.greeting), String(country)).toBe(true);
    }
  });

  it('refuses a counterparty without e-mail, an unknown bank account, and the plan limit', async () => {
    const withoutEmail = await supplier(null);
    const noEmail = await start(withoutEmail);
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({ code: 'counterparty_no_email' });
    expect(await runs(withoutEmail)).toEqual([]);

    const counterparty = await supplier();
    const unknownAccount = await ctx.call(
      'POST',
      `/api/counterparties/${counterparty.id}/bank-accounts/${withoutEmail.bankAccounts[0]!.id}/email-verification`,
      ctx.clerk.cookie,
      {},
    );
    expect(unknownAccount.statusCode).toBe(404);
    expect(unknownAccount.json()).toMatchObject({ code: 'counterparty_bank_account_not_found' });

    const limited = await createOrganizationWithAdmin(ctx.testApp, 'Limit GmbH');
    const orgId = asOrgId(limited.id);
    const plan = (await ctx.call('GET', '/api/supscription-plan/subscription', limited.admin.cookie)).json<{
      limits: { verificationsPerMonth: number | null };
    }>();
    expect(plan.limits.verificationsPerMonth).not.toBeNull();
    await ctx.testApp.database.withOrg({ orgId, userId: null }, (tx) =>
      consumeQuota(tx, orgId, 'verifications', plan.limits.verificationsPerMonth!),
    );
    const atLimit = await start(await supplier('a@b.de', limited), limited.admin.cookie);
    expect(atLimit.statusCode).toBe(402);
    expect(atLimit.json()).toMatchObject({ code: 'subscription_limit_reached', params: { limit: 'verificationsPerMonth' } });
    const [outbox] = await ctx.testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, limited.id));
    expect(outbox).toBeUndefined();
  });

  it('needs the permission to manage counterparties and answers 404 for another organisation', async () => {
    const counterparty = await supplier();
    const refused = await start(counterparty, ctx.viewer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });

    const theirs = await supplier('x@fremd.de', ctx.foreign);
    const abroad = await start(theirs, ctx.org.admin.cookie);
    expect(abroad.statusCode).toBe(404);
    expect(abroad.json()).toMatchObject({ code: 'counterparty_not_found' });
    const list = await ctx.call('GET', `/api/counterparties/${theirs.id}/email-verifications`, ctx.org.admin.cookie);
    expect(list.statusCode).toBe(404);
    const [row] = await ctx.testApp.database.db
      .select()
      .from(counterpartyEmailVerifications)
      .where(eq(counterpartyEmailVerifications.counterpartyId, theirs.id));
    expect(row).toBeUndefined();
  });

  it('shows the public page without our IBAN and marks the run opened', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    const response = await publicGet(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PublicVerification>()).toMatchObject({
      organizationName: 'Prüfer GmbH',
      counterpartyName: counterparty.name,
      state: 'open',
    });
    expect(response.body).not.toContain(OUR_IBAN);
    expect(response.body).not.toContain(OUR_IBAN.slice(-8));
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'opened' });
    // Opening again (mail scanners, a second look) is harmless.
    expect((await publicGet(token)).json()).toMatchObject({ state: 'open' });
    expect((await publicGet('not-a-real-token')).statusCode).toBe(404);
  });

  it('completes with match for the same IBAN, in any spacing, and uses the token up', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    await publicGet(token);
    const confirmed = await publicPost(token, 'de89 3704 0044 0532 0130 00');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ state: 'used' });
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'completed', result: 'match', submittedIban: OUR_IBAN });

    const again = await publicPost(token, OUR_IBAN);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'verification_token_used' });
    expect((await publicGet(token)).json()).toMatchObject({ state: 'used' });
  });

  it('completes with mismatch for another IBAN, logged and visible on the counterparty', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    // Without opening the page first: the run opens on the way.
    const confirmed = await publicPost(token, OTHER_IBAN);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The answer to the counterparty does not tell whether it matched.
    expect(confirmed.body).not.toContain('mismatch');
    const [run] = await runs(counterparty);
    expect(run).toMatchObject({ status: 'completed', result: 'mismatch', submittedIban: OTHER_IBAN, iban: OUR_IBAN });
    expect(run!.completedAt).not.toBeNull();
    expect((await activityChanges(counterparty))[0]).toMatchObject({
      emailVerification: { to: 'completed' },
      emailVerificationResult: { to: 'mismatch' },
      emailVerificationSubmittedIban: { to: OTHER_IBAN },
    });
  });

  it('refuses an expired token with 410 and the run reads not_received', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    await ctx.testApp.database.db
      .update(counterpartyEmailVerifications)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(counterpartyEmailVerifications.tokenHash, hashVerificationToken(token)));
    expect((await publicGet(token)).json()).toMatchObject({ state: 'expired' });
    const expired = await publicPost(token, OUR_IBAN);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'verification_token_expired' });
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'not_received', result: null });
  });

  it('marks an expired run not_received when the list is read, before anyone opens the link', async () => {
    const counterparty = await supplier();
    await startAndReadToken(counterparty);
    await ctx.testApp.database.db
      .update(counterpartyEmailVerifications)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(counterpartyEmailVerifications.counterpartyId, counterparty.id));
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'not_received' });
  });

  it('the quarter-hourly sweep closes expired runs everywhere, so the list no longer says pending', async () => {
    const counterparty = await supplier();
    await startAndReadToken(counterparty);
    const stateInList = async () =>
      (
        await ctx.testApp.database.db
          .select({ state: counterparties.verificationState })
          .from(counterparties)
          .where(eq(counterparties.id, counterparty.id))
      )[0]?.state;
    const pendingState = await stateInList();
    await expireOverdueRunsEverywhere(ctx.testApp.database);
    expect(await stateInList()).toBe(pendingState); // not overdue yet: untouched
    await ctx.testApp.database.db
      .update(counterpartyEmailVerifications)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(counterpartyEmailVerifications.counterpartyId, counterparty.id));
    expect(await expireOverdueRunsEverywhere(ctx.testApp.database)).toBeGreaterThanOrEqual(1);
    const [run] = await ctx.testApp.database.db
      .select()
      .from(counterpartyEmailVerifications)
      .where(eq(counterpartyEmailVerifications.counterpartyId, counterparty.id));
    expect(run?.status).toBe('not_received');
    expect(await stateInList()).not.toBe(pendingState);
    expect((await activityChanges(counterparty))[0]).toMatchObject({
      emailVerification: { from: 'invitation_sent', to: 'not_received' },
    });
  });

  it('marks a run not_received when the outbox gave up delivering the invitation', async () => {
    const counterparty = await supplier();
    await startAndReadToken(counterparty);
    const [run] = await runs(counterparty);
    await ctx.testApp.database.db
      .update(mailOutbox)
      .set({ status: 'failed' })
      .where(
        eq(
          mailOutbox.id,
          (
            await ctx.testApp.database.db
              .select()
              .from(counterpartyEmailVerifications)
              .where(eq(counterpartyEmailVerifications.id, run!.id))
          )[0]!.mailId!,
        ),
      );
    expect((await runs(counterparty))[0]).toMatchObject({ id: run!.id, status: 'not_received' });
  });

  it('becomes received when the invitation reaches the mailbox, then opened, each step in the history', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    const mail = await latestMailTo(counterparty.email!);
    // No SMTP relay in the tests: delivery puts the mail into the local mailbox ('captured').
    expect(await (ctx.testApp.app.mailer as OutboxMailer).deliver(mail.id)).toBe('captured');
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'received' });
    expect((await activityChanges(counterparty))[0]).toMatchObject({
      emailVerification: { from: 'invitation_sent', to: 'received' },
    });
    await publicGet(token);
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'opened' });
  });

  it('ignores the delivery of an invitation the run no longer waits for (resent, or opened first)', async () => {
    const counterparty = await supplier();
    await startAndReadToken(counterparty);
    const firstMail = await latestMailTo(counterparty.email!);
    const resentToken = await startAndReadToken(counterparty);
    const mailer = ctx.testApp.app.mailer as OutboxMailer;
    // The first mail arrives late: the run waits for the second one.
    await mailer.deliver(firstMail.id);
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'invitation_sent' });
    // Opened before the outbox reported the second mail: the report does not step back.
    await publicGet(resentToken);
    await mailer.deliver((await latestMailTo(counterparty.email!)).id);
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'opened' });
  });

  it("starts afresh when the account's IBAN changed while a run was in flight: the old link stops working", async () => {
    const counterparty = await supplier();
    const oldToken = await startAndReadToken(counterparty);
    const account = counterparty.bankAccounts[0]!;
    const edited = await ctx.call('PUT', `/api/counterparties/${counterparty.id}`, ctx.clerk.cookie, {
      ...counterpartyBody({
        name: counterparty.name,
        email: counterparty.email,
        accountsPayableNumber: counterparty.accountsPayableNumber,
        accountsReceivableNumber: counterparty.accountsReceivableNumber,
        bankAccounts: [{ id: account.id, name: account.name, iban: OTHER_IBAN, bic: null }],
      }),
      version: counterparty.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const usedBefore = await verificationsUsed();
    const newToken = await startAndReadToken(counterparty);
    expect(await verificationsUsed()).toBe(usedBefore + 1);
    const [latest, superseded] = await runs(counterparty);
    expect(latest).toMatchObject({ iban: OTHER_IBAN, status: 'invitation_sent' });
    expect(superseded).toMatchObject({ iban: OUR_IBAN, status: 'not_received' });
    expect((await publicPost(oldToken, OUR_IBAN)).json()).toMatchObject({ code: 'verification_token_expired' });
    expect((await publicPost(newToken, OTHER_IBAN)).statusCode).toBe(200);
  });

  it('resends: the same run gets a new token, the old link stops working, the quota is not counted again', async () => {
    const counterparty = await supplier();
    const firstToken = await startAndReadToken(counterparty);
    await publicGet(firstToken);
    const usedBefore = await verificationsUsed();
    const secondToken = await startAndReadToken(counterparty);
    expect(secondToken).not.toBe(firstToken);
    expect(await verificationsUsed()).toBe(usedBefore);
    const all = await runs(counterparty);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'invitation_sent' });

    expect((await publicGet(firstToken)).statusCode).toBe(404);
    expect((await publicPost(firstToken, OUR_IBAN)).json()).toMatchObject({ code: 'verification_token_not_found' });
    expect((await publicPost(secondToken, OUR_IBAN)).statusCode).toBe(200);
    expect((await runs(counterparty))[0]).toMatchObject({ status: 'completed', result: 'match' });
  });

  it('starts a new run after a completed one, for the IBAN the account has now', async () => {
    const counterparty = await supplier();
    await publicPost(await startAndReadToken(counterparty), OTHER_IBAN);
    await startAndReadToken(counterparty);
    const [latest, earlier] = await runs(counterparty);
    expect(latest).toMatchObject({ status: 'invitation_sent' });
    expect(earlier).toMatchObject({ status: 'completed', result: 'mismatch' });
  });

  it('answers an invalid IBAN with a translated field error and leaves the token usable', async () => {
    const counterparty = await supplier();
    const token = await startAndReadToken(counterparty);
    const response = await ctx.testApp.app.inject({
      method: 'POST',
      url: `/api/public/bank-account-verification/${token}`,
      headers: { 'accept-language': 'de' },
      payload: { iban: 'DE00 1234' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string[]> }>();
    expect(body.code).toBe('validation_failed');
    expect(body.fieldErrors.iban?.[0]).toMatch(/IBAN/);
    expect(body.fieldErrors.iban?.[0]).not.toMatch(/^iban_/);
    const [row] = await ctx.testApp.database.db
      .select({ tokenUsedAt: counterpartyEmailVerifications.tokenUsedAt })
      .from(counterpartyEmailVerifications)
      .where(and(eq(counterpartyEmailVerifications.counterpartyId, counterparty.id)));
    expect(row!.tokenUsedAt).toBeNull();
  });
});
