import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFlagCode, Counterparty, CounterpartyFieldsInput, ExecutiveVerificationView } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import {
  counterparties,
  counterpartyBankAccounts,
  counterpartyEmailVerifications,
  counterpartyExecutiveVerifications,
  counterpartyExecutiveVerifiers,
} from '../src/db/schema';
import { analyseTransactionRows } from '../src/modules/transactions/analysis/analyse-transactions';
import { counterpartyBody, createCounterparty, useCounterpartyTestContext } from './counterparty-fixtures';
import { addMember, type TestUser } from './factories';
import { daysAgo, insertTransaction } from './transactions-fixtures';

const OLD_IBAN = 'DE89370400440532013000';
const NEW_IBAN = 'DE02120300000000202051';

interface HistoryEntry {
  action: string;
  actorType: string;
  changes: Record<string, unknown> | null;
}

/**
 * Changing a counterparty's bank details (SPEC §3 trust, §4 verification): the fraud-relevant
 * consequences of an edited or added IBAN, through the API as the form sends it.
 */
describe('changing the bank details of a counterparty', () => {
  const ctx = useCounterpartyTestContext('Bankwechsel GmbH');
  let anna: TestUser;
  beforeAll(async () => {
    anna = await addMember(ctx.testApp, ctx.org.id, []);
  });
  const db = () => ctx.testApp.database.db;

  let supplierCount = 0;
  /** A counterparty with one account (OLD_IBAN) created by the clerk, trusted by the admin when asked. */
  async function supplier(options: { trusted: boolean }) {
    supplierCount += 1;
    const created = await createCounterparty(ctx.testApp, ctx.clerk.cookie, {
      name: `Lieferant ${supplierCount}`,
      email: 'buchhaltung@lieferant.de',
      bankAccounts: [{ name: 'Haupt', iban: OLD_IBAN, bic: null }],
    });
    if (!options.trusted) return created;
    const trusted = await ctx.call('POST', `/api/counterparties/${created.id}/trust`, ctx.org.admin.cookie, {
      version: created.version,
    });
    expect(trusted.statusCode, trusted.body).toBe(200);
    return trusted.json<Counterparty>();
  }

  /** PUT with the record's fields, its accounts replaced by `bankAccounts`, as the form sends it. */
  const save = (record: Counterparty, bankAccounts: CounterpartyFieldsInput['bankAccounts'], cookie = ctx.clerk.cookie) =>
    ctx.call('PUT', `/api/counterparties/${record.id}`, cookie, {
      ...counterpartyBody({
        name: record.name,
        email: record.email,
        accountsPayableNumber: record.accountsPayableNumber,
        bankAccounts,
      }),
      version: record.version,
    });
  const saved = async (record: Counterparty, bankAccounts: CounterpartyFieldsInput['bankAccounts'], cookie?: string) => {
    const response = await save(record, bankAccounts, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Counterparty>();
  };
  const withIban = (record: Counterparty, iban: string) => [{ ...accountOf(record), iban }];
  const accountOf = (record: Counterparty) => {
    const { id, name, iban, bic } = record.bankAccounts[0]!;
    return { id, name, iban, bic };
  };
  const history = async (record: Counterparty) =>
    (await ctx.call('GET', `/api/counterparties/${record.id}/activity`, ctx.viewer.cookie)).json<{ items: HistoryEntry[] }>()
      .items;

  const analyse = async (counterpartyId: string, creditorIban: string): Promise<AnalysisFlagCode[]> => {
    const orgId = asOrgId(ctx.org.id);
    const row = await insertTransaction(ctx.testApp, ctx.org.id, { counterpartyId, creditorIban });
    const [analysed] = await ctx.testApp.database.withOrg({ orgId, userId: null }, (tx) =>
      analyseTransactionRows(tx, orgId, [row]),
    );
    return analysed!.analysisFlags.map((flag) => flag.code);
  };

  const requestExecutive = (record: Counterparty, verifier: TestUser = anna) =>
    ctx.call(
      'POST',
      `/api/counterparties/${record.id}/bank-accounts/${record.bankAccounts[0]!.id}/executive-verification`,
      ctx.clerk.cookie,
      { verifierIds: [verifier.userId] },
    );
  const decide = (record: Counterparty, verificationId: string, user: TestUser) =>
    ctx.call('POST', `/api/counterparties/${record.id}/executive-verifications/${verificationId}/decision`, user.cookie, {
      decision: 'approved',
    });
  const executiveRow = async (id: string) =>
    (await db().select().from(counterpartyExecutiveVerifications).where(eq(counterpartyExecutiveVerifications.id, id)))[0]!;

  describe('trust', () => {
    it("removes the trust when a clerk edits the IBAN, and the history says why, as the system's entry", async () => {
      const record = await supplier({ trusted: true });
      expect(record.isTrusted).toBe(true);
      const after = await saved(record, withIban(record, NEW_IBAN));
      expect(after).toMatchObject({ isTrusted: false, trustedAt: null, trustedBy: null, bankAccounts: [{ iban: NEW_IBAN }] });
      const [removal, edit] = await history(after);
      expect(removal).toMatchObject({
        action: 'update',
        actorType: 'system',
        changes: {
          isTrusted: { from: true, to: false },
          trustRemovedBecause: 'bank_details_changed',
          newIbans: [NEW_IBAN],
        },
      });
      expect(edit).toMatchObject({ action: 'update', actorType: 'user', changes: { bankAccounts: expect.anything() } });
    });

    it('removes the trust when an account is added, also when someone who may grant trust adds it', async () => {
      for (const cookie of [ctx.clerk.cookie, ctx.org.admin.cookie]) {
        const record = await supplier({ trusted: true });
        const after = await saved(record, [accountOf(record), { name: 'Neu', iban: NEW_IBAN, bic: null }], cookie);
        expect(after.isTrusted).toBe(false);
      }
    });

    it('keeps the trust when only the name or BIC of an account changes or an account is removed', async () => {
      const record = await supplier({ trusted: true });
      const renamed = await saved(record, [{ ...accountOf(record), name: 'Hauptkonto', bic: 'COBADEFFXXX' }]);
      expect(renamed.isTrusted).toBe(true);
      const removed = await saved(renamed, []);
      expect(removed).toMatchObject({ isTrusted: true, trustedBy: { id: ctx.org.admin.userId } });
      expect((await history(removed)).filter((entry) => entry.changes?.trustRemovedBecause)).toEqual([]);
    });

    it('flags a payment to the edited IBAN as not verified and as changed recently', async () => {
      const record = await supplier({ trusted: true });
      // A long-standing supplier: the record and its account are months old.
      await db()
        .update(counterparties)
        .set({ createdAt: daysAgo(200) })
        .where(eq(counterparties.id, record.id));
      await db()
        .update(counterpartyBankAccounts)
        .set({ createdAt: daysAgo(200) })
        .where(eq(counterpartyBankAccounts.counterpartyId, record.id));
      const before = await analyse(record.id, OLD_IBAN);
      expect(before).not.toContain('bank_account_not_verified');
      expect(before).not.toContain('iban_changed_recently');

      await saved(record, withIban(record, NEW_IBAN));
      const flags = await analyse(record.id, NEW_IBAN);
      expect(flags).toContain('bank_account_not_verified');
      expect(flags).toContain('iban_changed_recently');
      const [account] = await db()
        .select()
        .from(counterpartyBankAccounts)
        .where(eq(counterpartyBankAccounts.counterpartyId, record.id));
      // The account keeps its place in the list; the edit has its own time.
      expect(account!.createdAt.getTime()).toBeLessThan(daysAgo(100).getTime());
      expect(account!.ibanChangedAt!.getTime()).toBeGreaterThan(daysAgo(1).getTime());
    });

    it('flags a payment of a trusted counterparty to an IBAN that is not one of its accounts', async () => {
      const record = await supplier({ trusted: true });
      expect(await analyse(record.id, NEW_IBAN)).toContain('bank_account_not_verified');
    });
  });

  describe('verifications of the account', () => {
    it('no longer count once the IBAN is edited, not even when it is edited back', async () => {
      const record = await supplier({ trusted: false });
      const accountId = record.bankAccounts[0]!.id;
      await db()
        .insert(counterpartyEmailVerifications)
        .values({
          organizationId: ctx.org.id,
          counterpartyId: record.id,
          bankAccountId: accountId,
          iban: OLD_IBAN,
          email: 'buchhaltung@lieferant.de',
          status: 'completed',
          result: 'match',
          tokenHash: `hash-${record.id}`,
          tokenExpiresAt: daysAgo(-5),
        });
      await db().insert(counterpartyExecutiveVerifications).values({
        organizationId: ctx.org.id,
        counterpartyId: record.id,
        bankAccountId: accountId,
        iban: OLD_IBAN,
        requiredApprovals: 1,
        outcome: 'approved',
      });
      const state = async () =>
        (await db().select().from(counterparties).where(eq(counterparties.id, record.id)))[0]!.verificationState;
      expect(await state()).toBe('verified');
      expect(await analyse(record.id, OLD_IBAN)).not.toContain('bank_account_not_verified');

      const edited = await saved(record, withIban(record, NEW_IBAN));
      const back = await saved(edited, withIban(edited, OLD_IBAN));
      expect(back.bankAccounts[0]!.id).toBe(accountId);
      expect(await state()).toBe('unverified');
      expect(await analyse(record.id, OLD_IBAN)).toContain('bank_account_not_verified');
      // Kept in the counterparty's history with their IBAN, no longer naming the account.
      const emailRows = await db()
        .select({ bankAccountId: counterpartyEmailVerifications.bankAccountId, iban: counterpartyEmailVerifications.iban })
        .from(counterpartyEmailVerifications)
        .where(eq(counterpartyEmailVerifications.counterpartyId, record.id));
      expect(emailRows).toEqual([{ bankAccountId: null, iban: OLD_IBAN }]);
      const executiveRows = await db()
        .select({ bankAccountId: counterpartyExecutiveVerifications.bankAccountId })
        .from(counterpartyExecutiveVerifications)
        .where(eq(counterpartyExecutiveVerifications.counterpartyId, record.id));
      expect(executiveRows).toEqual([{ bankAccountId: null }]);
    });

    it('supersede an open executive request and expire an e-mail run when the IBAN changes; a new request can follow', async () => {
      const record = await supplier({ trusted: false });
      const requested = await requestExecutive(record);
      expect(requested.statusCode, requested.body).toBe(201);
      const request = requested.json<ExecutiveVerificationView>();
      const started = await ctx.call(
        'POST',
        `/api/counterparties/${record.id}/bank-accounts/${record.bankAccounts[0]!.id}/email-verification`,
        ctx.clerk.cookie,
        {},
      );
      expect(started.statusCode, started.body).toBe(201);

      const edited = await saved(record, withIban(record, NEW_IBAN));
      expect(await executiveRow(request.id)).toMatchObject({ outcome: 'superseded', bankAccountId: null });
      expect((await executiveRow(request.id)).decidedAt).not.toBeNull();
      const [run] = await db()
        .select()
        .from(counterpartyEmailVerifications)
        .where(eq(counterpartyEmailVerifications.counterpartyId, record.id));
      expect(run).toMatchObject({ status: 'not_received', bankAccountId: null });
      const entries = await history(edited);
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            actorType: 'system',
            changes: {
              executiveVerification: { from: 'pending', to: 'superseded' },
              executiveVerificationIban: { from: null, to: OLD_IBAN },
            },
          }),
          expect.objectContaining({
            actorType: 'system',
            changes: expect.objectContaining({ emailVerification: { from: 'invitation_sent', to: 'not_received' } }),
          }),
        ]),
      );

      const late = await decide(record, request.id, anna);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('executive_verification_superseded');
      const waiting = (await ctx.call('GET', '/api/counterparty-verifications/waiting-for-me', anna.cookie)).json<{
        items: { id: string }[];
      }>().items;
      expect(waiting.map((item) => item.id)).not.toContain(request.id);
      const again = await requestExecutive(edited);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<ExecutiveVerificationView>()).toMatchObject({ iban: NEW_IBAN, outcome: 'pending' });
    });

    it('supersede an open request when its account is removed', async () => {
      const record = await supplier({ trusted: false });
      const requested = await requestExecutive(record);
      expect(requested.statusCode, requested.body).toBe(201);
      await saved(record, []);
      expect(await executiveRow(requested.json<ExecutiveVerificationView>().id)).toMatchObject({
        outcome: 'superseded',
        bankAccountId: null,
      });
    });

    it('refuse to approve a request for an IBAN the account no longer has, and let a new request close it', async () => {
      // What a request that crossed an IBAN edit leaves behind: still open, still naming the account.
      const record = await supplier({ trusted: false });
      const edited = await saved(record, withIban(record, NEW_IBAN));
      const [stale] = await db()
        .insert(counterpartyExecutiveVerifications)
        .values({
          organizationId: ctx.org.id,
          counterpartyId: record.id,
          bankAccountId: record.bankAccounts[0]!.id,
          iban: OLD_IBAN,
          requiredApprovals: 1,
          requestedBy: ctx.clerk.userId,
        })
        .returning();
      await db()
        .insert(counterpartyExecutiveVerifiers)
        .values({ organizationId: ctx.org.id, verificationId: stale!.id, userId: anna.userId });

      const approval = await decide(record, stale!.id, anna);
      expect(approval.statusCode).toBe(409);
      expect(approval.json().code).toBe('executive_verification_superseded');
      expect((await executiveRow(stale!.id)).outcome).toBe('pending');

      const fresh = await requestExecutive(edited);
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect(await executiveRow(stale!.id)).toMatchObject({ outcome: 'superseded' });
      const open = await db()
        .select({ iban: counterpartyExecutiveVerifications.iban })
        .from(counterpartyExecutiveVerifications)
        .where(
          and(
            eq(counterpartyExecutiveVerifications.counterpartyId, record.id),
            eq(counterpartyExecutiveVerifications.outcome, 'pending'),
          ),
        );
      expect(open).toEqual([{ iban: NEW_IBAN }]);
    });
  });
});
