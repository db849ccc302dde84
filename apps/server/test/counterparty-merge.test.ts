import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Counterparty, CounterpartyListItem, CounterpartyMergePreview, VatCheckState } from '@kontor/domain';
import {
  activityLog,
  approvalFlows,
  counterparties,
  counterpartyEmailVerifications,
  counterpartyExecutiveVerifications,
  invoices,
  paymentHistory,
} from '../src/db/schema';
import { CHECK_VAT_JOB, type VatCheckJob } from '../src/modules/vat-check/service';
import { counterpartyBody, createCounterparty, useCounterpartyTestContext } from './counterparty-fixtures';
import { insertInvoiceRow } from './invoice-fixtures';
import { insertHistory } from './transactions-fixtures';
import { snapshotOrganization } from './snapshot';

const IBAN_SHARED = 'DE89370400440532013000';
const IBAN_NEW = 'DE02120300000000202051';
const IBAN_OTHER = 'DE75512108001245126199';

describe('merging counterparties', () => {
  const ctx = useCounterpartyTestContext('Merge GmbH');

  const create = (overrides: Parameters<typeof counterpartyBody>[0] = {}, cookie = ctx.clerk.cookie) =>
    createCounterparty(ctx.testApp, cookie, overrides);
  const postMerge = (cookie: string, body: object) => ctx.call('POST', '/api/counterparties/merge', cookie, body);
  const mergeBody = (survivor: Counterparty, merged: Counterparty, fieldChoices: Record<string, string> = {}) => ({
    survivorId: survivor.id,
    mergedId: merged.id,
    survivorVersion: survivor.version,
    mergedVersion: merged.version,
    fieldChoices,
  });
  /** The record marked trusted by the admin (who may grant trust). */
  const trusted = async (record: Counterparty) => {
    const response = await ctx.call('POST', `/api/counterparties/${record.id}/trust`, ctx.org.admin.cookie, {
      version: record.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Counterparty>();
  };
  const activity = async (id: string) =>
    (await ctx.call('GET', `/api/counterparties/${id}/activity`, ctx.viewer.cookie)).json<{
      items: { action: string; actorType: string; changes: Record<string, unknown> | null }[];
    }>().items;
  const exists = async (id: string) =>
    (await ctx.testApp.database.db.select().from(counterparties).where(eq(counterparties.id, id))).length === 1;

  /** Every row of every table with a counterparty_id column that still names `id` (found through information_schema). */
  async function rowsNaming(column: 'counterparty_id' | 'bank_account_id', id: string) {
    const tables = await ctx.testApp.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = ${column} order by table_name`,
    );
    const found: Record<string, number> = {};
    for (const { table_name: table } of tables.rows) {
      const result = await ctx.testApp.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
      );
      found[table] = result.rows[0]!.count;
    }
    return found;
  }

  async function insertVerifications(counterpartyId: string, bankAccountId: string, iban: string) {
    const [email] = await ctx.testApp.database.db
      .insert(counterpartyEmailVerifications)
      .values({
        organizationId: ctx.org.id,
        counterpartyId,
        bankAccountId,
        iban,
        email: 'buchhaltung@schneider.de',
        status: 'completed',
        result: 'match',
        tokenHash: randomUUID(),
        tokenExpiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const [executive] = await ctx.testApp.database.db
      .insert(counterpartyExecutiveVerifications)
      .values({ organizationId: ctx.org.id, counterpartyId, bankAccountId, iban, requiredApprovals: 1 })
      .returning();
    return { emailId: email!.id, executiveId: executive!.id };
  }

  it('moves invoices, bank accounts and verification history, logs the merge and leaves nothing dangling', async () => {
    const survivor = await create({
      name: 'Schneider Bürobedarf GmbH',
      city: 'Köln',
      bankAccounts: [{ name: 'Hauptkonto', iban: IBAN_SHARED, bic: null }],
    });
    const merged = await create({
      name: 'Schneider',
      email: 'info@schneider.de',
      city: 'Bonn',
      accountsPayableNumber: '30500',
      bankAccounts: [
        { name: 'Girokonto', iban: IBAN_SHARED, bic: null },
        { name: 'Sparkasse', iban: IBAN_NEW, bic: null },
      ],
    });
    const duplicateAccount = merged.bankAccounts.find((account) => account.iban === IBAN_SHARED)!;
    const movedAccount = merged.bankAccounts.find((account) => account.iban === IBAN_NEW)!;
    const onDuplicate = await insertVerifications(merged.id, duplicateAccount.id, IBAN_SHARED);
    const onMoved = await insertVerifications(merged.id, movedAccount.id, IBAN_NEW);
    const openInvoice = await insertInvoiceRow(ctx.testApp, ctx.org.id, {
      counterpartyId: merged.id,
      counterpartyName: 'Schneider',
    });
    const exportedInvoice = await insertInvoiceRow(ctx.testApp, ctx.org.id, {
      counterpartyId: merged.id,
      counterpartyName: 'Schneider',
      status: 'exported',
    });
    const ownInvoice = await insertInvoiceRow(ctx.testApp, ctx.org.id, {
      counterpartyId: survivor.id,
      counterpartyName: 'Schneider',
    });
    // Payments already made to the merged one (uploaded statement, export) and to the survivor.
    const mergedPayments = [
      await insertHistory(ctx.testApp, ctx.org.id, { counterpartyId: merged.id, creditorIban: IBAN_NEW }),
      await insertHistory(ctx.testApp, ctx.org.id, { counterpartyId: merged.id, creditorIban: IBAN_SHARED, source: 'export' }),
    ];
    const ownPayment = await insertHistory(ctx.testApp, ctx.org.id, { counterpartyId: survivor.id, creditorIban: IBAN_SHARED });

    const preview = await ctx.call(
      'GET',
      `/api/counterparties/merge-preview?survivorId=${survivor.id}&mergedId=${merged.id}`,
      ctx.viewer.cookie,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<CounterpartyMergePreview>()).toMatchObject({
      survivor: { id: survivor.id },
      merged: { id: merged.id },
      differingFields: expect.arrayContaining(['name', 'email', 'city', 'accountsPayableNumber']),
      moves: {
        invoices: 2,
        bankAccounts: 1,
        duplicateBankAccounts: 1,
        emailVerifications: 2,
        executiveVerifications: 2,
        transactions: 0,
        paymentHistory: 2,
      },
      hasTrustedCounterparty: false,
    });

    const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged, { accountsPayableNumber: 'merged' }));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<Counterparty>();
    // The AP number belonged to the merged one: free once it is gone. The empty e-mail is filled from it.
    expect(result).toMatchObject({
      id: survivor.id,
      name: 'Schneider Bürobedarf GmbH',
      city: 'Köln',
      email: 'info@schneider.de',
      accountsPayableNumber: '30500',
      version: survivor.version + 1,
      invoiceCount: 3,
    });
    expect(result.bankAccounts.map((account) => [account.id, account.iban])).toEqual([
      [survivor.bankAccounts[0]!.id, IBAN_SHARED],
      [movedAccount.id, IBAN_NEW],
    ]);
    expect(await exists(merged.id)).toBe(false);
    expect((await ctx.call('GET', `/api/counterparties/${merged.id}`, ctx.viewer.cookie)).statusCode).toBe(404);
    // The list's stored counts follow the moved invoices and accounts (the exported one is not open).
    const listed = await ctx.call('GET', `/api/counterparties?search=${encodeURIComponent('Schneider')}`, ctx.viewer.cookie);
    expect(listed.json<{ items: CounterpartyListItem[] }>().items).toEqual([
      expect.objectContaining({ id: survivor.id, openInvoiceCount: 2, bankAccountCount: 2 }),
    ]);

    const invoiceRows = await ctx.testApp.database.db
      .select({ id: invoices.id, counterpartyId: invoices.counterpartyId, name: invoices.counterpartyName })
      .from(invoices)
      .where(eq(invoices.organizationId, ctx.org.id));
    const byId = new Map(invoiceRows.map((row) => [row.id, row]));
    expect(byId.get(openInvoice)).toMatchObject({ counterpartyId: survivor.id, name: 'Schneider Bürobedarf GmbH' });
    expect(byId.get(ownInvoice)).toMatchObject({ counterpartyId: survivor.id, name: 'Schneider Bürobedarf GmbH' });
    // What was exported stays as it was booked.
    expect(byId.get(exportedInvoice)).toMatchObject({ counterpartyId: survivor.id, name: 'Schneider' });

    const emailRows = await ctx.testApp.database.db.select().from(counterpartyEmailVerifications);
    const executiveRows = await ctx.testApp.database.db.select().from(counterpartyExecutiveVerifications);
    const find = <T extends { id: string }>(rows: T[], id: string) => rows.find((row) => row.id === id);
    // The dropped duplicate's history continues on the survivor's account with that IBAN.
    expect(find(emailRows, onDuplicate.emailId)).toMatchObject({
      counterpartyId: survivor.id,
      bankAccountId: survivor.bankAccounts[0]!.id,
    });
    expect(find(executiveRows, onDuplicate.executiveId)).toMatchObject({
      counterpartyId: survivor.id,
      bankAccountId: survivor.bankAccounts[0]!.id,
    });
    expect(find(emailRows, onMoved.emailId)).toMatchObject({ counterpartyId: survivor.id, bankAccountId: movedAccount.id });
    expect(find(executiveRows, onMoved.executiveId)).toMatchObject({
      counterpartyId: survivor.id,
      bankAccountId: movedAccount.id,
    });

    const historyRows = await ctx.testApp.database.db
      .select({ id: paymentHistory.id, counterpartyId: paymentHistory.counterpartyId })
      .from(paymentHistory)
      .where(eq(paymentHistory.organizationId, ctx.org.id));
    expect(historyRows).toEqual(
      expect.arrayContaining([...mergedPayments, ownPayment].map((payment) => ({ id: payment.id, counterpartyId: survivor.id }))),
    );

    const leftovers = await rowsNaming('counterparty_id', merged.id);
    expect(Object.keys(leftovers)).toEqual(
      expect.arrayContaining(['counterparty_bank_accounts', 'counterparty_email_verifications', 'invoices', 'payment_history']),
    );
    expect(
      Object.values(leftovers).every((count) => count === 0),
      JSON.stringify(leftovers),
    ).toBe(true);
    const accountLeftovers = await rowsNaming('bank_account_id', duplicateAccount.id);
    expect(
      Object.values(accountLeftovers).every((count) => count === 0),
      JSON.stringify(accountLeftovers),
    ).toBe(true);

    const history = (await ctx.call('GET', `/api/counterparties/${survivor.id}/activity`, ctx.viewer.cookie)).json<{
      items: { action: string; changes: Record<string, unknown> | null }[];
    }>().items;
    expect(history[0]).toMatchObject({
      action: 'merge',
      changes: expect.objectContaining({
        mergedId: merged.id,
        mergedName: 'Schneider',
        takenFromMerged: ['email', 'accountsPayableNumber'],
        moves: expect.objectContaining({ invoices: 2, bankAccounts: 1, duplicateBankAccounts: 1, paymentHistory: 2 }),
        email: { from: null, to: 'info@schneider.de' },
        accountsPayableNumber: { from: survivor.accountsPayableNumber, to: '30500' },
      }),
    });
    // The merged one's own history stays reachable from the survivor.
    expect(history.filter((entry) => entry.action === 'create')).toHaveLength(2);
    const invoiceLog = await ctx.testApp.database.db
      .select({ changes: activityLog.changes })
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'invoice'), eq(activityLog.entityId, openInvoice)));
    expect(invoiceLog).toEqual([
      {
        changes: {
          counterparty: { from: merged.id, to: survivor.id },
          counterpartyName: { from: 'Schneider', to: 'Schneider Bürobedarf GmbH' },
        },
      },
    ]);
  });

  it("takes the chosen side's value and answers a result the record rules refuse with field errors", async () => {
    const survivor = await create({ name: 'Alpha', skontoDays: 10, skontoRate: 200 });
    const merged = await create({ name: 'Alpha KG', paymentTermsDays: 30 });
    const refused = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged, { skontoRate: 'merged' }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { skontoRate: [expect.any(String)] } });
    expect(await exists(merged.id)).toBe(true);

    const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged, { name: 'merged' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Alpha KG', skontoDays: 10, skontoRate: 200, paymentTermsDays: 30 });
  });

  it('points approval-flow conditions naming the merged counterparty at the survivor, once, and logs it on the flow', async () => {
    const survivor = await create({ name: 'Flow Überlebender GmbH' });
    const merged = await create({ name: 'Flow Aufgenommen GmbH' });
    const bystander = await create({ name: 'Flow Unbeteiligt GmbH' });
    const step = [{ approverIds: [ctx.org.admin.userId], requiredApprovals: 1 }];
    const [both, onlyMerged, untouched] = await ctx.testApp.database.db
      .insert(approvalFlows)
      .values(
        [
          { name: 'Beide', counterpartyIds: [survivor.id, merged.id] },
          { name: 'Nur aufgenommen', counterpartyIds: [bystander.id, merged.id] },
          { name: 'Unbeteiligt', counterpartyIds: [bystander.id] },
        ].map(({ name, counterpartyIds }, position) => ({
          organizationId: ctx.org.id,
          name,
          type: 'invoice' as const,
          position: 100 + position,
          steps: step,
          conditions: [
            { kind: 'amount_above' as const, amount: 100, currency: 'EUR' as const },
            { kind: 'counterparty' as const, counterpartyIds },
          ],
        })),
      )
      .returning();

    const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged));
    expect(response.statusCode, response.body).toBe(200);

    const flows = await ctx.testApp.database.db.select().from(approvalFlows).where(eq(approvalFlows.organizationId, ctx.org.id));
    const byId = new Map(flows.map((flow) => [flow.id, flow]));
    expect(byId.get(both!.id)).toMatchObject({
      version: 2,
      conditions: [
        { kind: 'amount_above', amount: 100 },
        { kind: 'counterparty', counterpartyIds: [survivor.id] },
      ],
    });
    expect(byId.get(onlyMerged!.id)).toMatchObject({
      version: 2,
      conditions: [{ kind: 'amount_above' }, { kind: 'counterparty', counterpartyIds: [bystander.id, survivor.id] }],
    });
    expect(byId.get(untouched!.id)).toMatchObject({ version: 1, conditions: untouched!.conditions });

    const flowLog = await ctx.testApp.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'approval_flow'), eq(activityLog.entityId, onlyMerged!.id)));
    expect(flowLog.map((entry) => entry.changes)).toEqual([
      { name: 'Nur aufgenommen', counterpartyMerged: { from: merged.name, to: survivor.name } },
    ]);
    const [mergeEntry] = (await activity(survivor.id)).filter((entry) => entry.action === 'merge');
    expect(mergeEntry!.changes).toMatchObject({ approvalFlows: ['Beide', 'Nur aufgenommen'] });
  });

  it('answers 409 stale_version for an outdated version and changes nothing', async () => {
    const survivor = await create({ name: 'Beta' });
    const merged = await create({ name: 'Beta GmbH' });
    const edited = await ctx.call('PUT', `/api/counterparties/${merged.id}`, ctx.clerk.cookie, {
      ...counterpartyBody({ name: 'Beta GmbH & Co.' }),
      version: merged.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('stale_version');
    expect(await exists(merged.id)).toBe(true);
  });

  it('answers 400 for the same counterparty twice or a missing id', async () => {
    const one = await create({ name: 'Gamma' });
    const twice = await postMerge(ctx.clerk.cookie, mergeBody(one, one));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { mergedId: [expect.any(String)] } });
    const { mergedId: _omitted, ...missing } = mergeBody(one, one);
    expect((await postMerge(ctx.clerk.cookie, missing)).statusCode).toBe(400);
    const preview = await ctx.call(
      'GET',
      `/api/counterparties/merge-preview?survivorId=${one.id}&mergedId=${one.id}`,
      ctx.clerk.cookie,
    );
    expect(preview.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's counterparty and changes nothing there", async () => {
    const own = await create({ name: 'Delta' });
    const [foreignRow] = await ctx.testApp.database.db
      .insert(counterparties)
      .values({ organizationId: ctx.foreign.id, name: 'Foreign Supplier' })
      .returning();
    const before = await snapshotOrganization(ctx.testApp, ctx.foreign.id);
    for (const [survivorId, mergedId] of [
      [own.id, foreignRow!.id],
      [foreignRow!.id, own.id],
    ] as const) {
      const response = await postMerge(ctx.org.admin.cookie, {
        survivorId,
        mergedId,
        survivorVersion: 1,
        mergedVersion: 1,
        fieldChoices: {},
      });
      expect(response.statusCode, response.body).toBe(404);
      const preview = await ctx.call(
        'GET',
        `/api/counterparties/merge-preview?survivorId=${survivorId}&mergedId=${mergedId}`,
        ctx.org.admin.cookie,
      );
      expect(preview.statusCode).toBe(404);
    }
    expect(await snapshotOrganization(ctx.testApp, ctx.foreign.id)).toEqual(before);
    expect(await exists(own.id)).toBe(true);
  });

  it('refuses a member without the permission to manage counterparties', async () => {
    const survivor = await create({ name: 'Epsilon' });
    const merged = await create({ name: 'Epsilon AG' });
    const denied = await postMerge(ctx.viewer.cookie, mergeBody(survivor, merged));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    expect(await exists(merged.id)).toBe(true);
  });

  it('removes the trust when the merge brings an IBAN no trusted record had, as an edit does, whoever merges', async () => {
    for (const cookie of [ctx.clerk.cookie, ctx.org.admin.cookie]) {
      const survivor = await trusted(
        await create({ name: 'Eta', bankAccounts: [{ name: 'Haupt', iban: IBAN_SHARED, bic: null }] }),
      );
      const merged = await create({ name: 'Eta AG', bankAccounts: [{ name: 'Neu', iban: IBAN_OTHER, bic: null }] });
      const preview = await ctx.call(
        'GET',
        `/api/counterparties/merge-preview?survivorId=${survivor.id}&mergedId=${merged.id}`,
        ctx.clerk.cookie,
      );
      expect(preview.json().hasTrustedCounterparty).toBe(true);
      const response = await postMerge(cookie, mergeBody(survivor, merged));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        isTrusted: false,
        trustedBy: null,
        bankAccounts: [{ iban: IBAN_SHARED }, { iban: IBAN_OTHER }],
      });
      const [removal, merge] = await activity(survivor.id);
      expect(removal).toMatchObject({
        actorType: 'system',
        changes: { isTrusted: { from: true, to: false }, trustRemovedBecause: 'bank_details_changed', newIbans: [IBAN_OTHER] },
      });
      expect(merge).toMatchObject({
        action: 'merge',
        changes: expect.objectContaining({ isTrusted: { from: true, to: false } }),
      });
    }
  });

  it('keeps the trust when every IBAN was a trusted one, and taking over trust needs the permission to grant it', async () => {
    const bothTrustedSurvivor = await trusted(
      await create({ name: 'Theta', bankAccounts: [{ name: 'Haupt', iban: IBAN_SHARED, bic: null }] }),
    );
    const bothTrustedMerged = await trusted(
      await create({ name: 'Theta AG', bankAccounts: [{ name: 'Neu', iban: IBAN_OTHER, bic: null }] }),
    );
    const kept = await postMerge(ctx.clerk.cookie, mergeBody(bothTrustedSurvivor, bothTrustedMerged));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ isTrusted: true, trustedBy: { id: ctx.org.admin.userId } });

    const untrusted = await create({ name: 'Iota', bankAccounts: [{ name: 'Haupt', iban: IBAN_SHARED, bic: null }] });
    const trustedTwin = await trusted(
      await create({ name: 'Iota AG', bankAccounts: [{ name: 'Konto', iban: IBAN_SHARED, bic: null }] }),
    );
    const clerkTakesTrust = await postMerge(ctx.clerk.cookie, mergeBody(untrusted, trustedTwin, { trust: 'merged' }));
    expect(clerkTakesTrust.statusCode).toBe(403);
    expect(await exists(trustedTwin.id)).toBe(true);
    const adminTakesTrust = await postMerge(ctx.org.admin.cookie, mergeBody(untrusted, trustedTwin, { trust: 'merged' }));
    expect(adminTakesTrust.statusCode, adminTakesTrust.body).toBe(200);
    expect(adminTakesTrust.json()).toMatchObject({ isTrusted: true });

    // Taking over a trust that the survivor's own IBAN would cost needs no permission: nothing is granted.
    const withOwnIban = await create({ name: 'Kappa', bankAccounts: [{ name: 'Haupt', iban: IBAN_NEW, bic: null }] });
    const trustedOther = await trusted(
      await create({ name: 'Kappa AG', bankAccounts: [{ name: 'Konto', iban: IBAN_SHARED, bic: null }] }),
    );
    const lost = await postMerge(ctx.clerk.cookie, mergeBody(withOwnIban, trustedOther, { trust: 'merged' }));
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ isTrusted: false });
  });

  it('deletes a counterparty with payment history, which stays without it: nothing names the deleted one', async () => {
    const doomed = await create({ name: 'Lambda', bankAccounts: [{ name: 'Haupt', iban: IBAN_NEW, bic: null }] });
    const payment = await insertHistory(ctx.testApp, ctx.org.id, { counterpartyId: doomed.id, creditorIban: IBAN_NEW });
    const deleted = await ctx.call('DELETE', `/api/counterparties/${doomed.id}?version=${doomed.version}`, ctx.clerk.cookie);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await exists(doomed.id)).toBe(false);
    const [row] = await ctx.testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.id, payment.id));
    expect(row).toMatchObject({ counterpartyId: null, creditorIban: IBAN_NEW, amount: payment.amount });
    const leftovers = await rowsNaming('counterparty_id', doomed.id);
    expect(
      Object.values(leftovers).every((count) => count === 0),
      JSON.stringify(leftovers),
    ).toBe(true);
    const [entry] = await ctx.testApp.database.db
      .select({ changes: activityLog.changes })
      .from(activityLog)
      .where(and(eq(activityLog.entityId, doomed.id), eq(activityLog.action, 'delete')));
    expect(entry?.changes).toMatchObject({ name: 'Lambda', unlinkedPayments: 1 });
  });

  it('answers 409 merge_failed_duplicate_key when a third counterparty holds the chosen VAT number', async () => {
    const survivor = await create({ name: 'Zeta', vatNumber: 'DE100000008' });
    const merged = await create({ name: 'Zeta GmbH', vatNumber: 'DE136695976' });
    // A duplicate from before the VAT rule (or from an import): exactly what merging is for.
    await ctx.testApp.database.db
      .insert(counterparties)
      .values({ organizationId: ctx.org.id, name: 'Zeta alt', vatNumber: 'DE136695976' });

    const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged, { vatNumber: 'merged' }));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'merge_failed_duplicate_key',
      params: { field: 'vatNumber', value: 'DE136695976' },
      fieldErrors: { vatNumber: [expect.any(String)] },
    });
    expect(response.json().message).toContain('DE136695976');
    // The transaction rolled back: the merged one and its data are still there.
    expect(await exists(merged.id)).toBe(true);
    const current = await ctx.call('GET', `/api/counterparties/${survivor.id}`, ctx.clerk.cookie);
    expect(current.json()).toMatchObject({ vatNumber: 'DE100000008', version: survivor.version });

    // Keeping the survivor's own VAT number merges fine.
    const kept = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().vatNumber).toBe('DE100000008');
  });

  it('restarts the VAT check when the survivor gets a new number without its check state, keeps the state that comes along', async () => {
    ctx.testApp.config.vatCheck.enabled = true;
    try {
      const jobsFor = async (counterpartyId: string) =>
        (
          await ctx.testApp.database.pool.query<{ data: VatCheckJob }>(
            `select data from pgboss.job where name = $1 and data->>'counterpartyId' = $2 order by created_on`,
            [CHECK_VAT_JOB, counterpartyId],
          )
        ).rows.map((row) => row.data);
      const survivor = await create({ name: 'Ust Neu', vatNumber: 'DE811569869' });
      expect(survivor.vatCheck).toMatchObject({ status: 'pending' });
      // Stored before the format rule (or by an import): the form's rules rewrite the number, so its state cannot come along.
      const legacyValidated: VatCheckState = { status: 'validated', validatedAt: new Date().toISOString() };
      const [legacy] = await ctx.testApp.database.db
        .insert(counterparties)
        .values({ organizationId: ctx.org.id, name: 'Ust Alt', vatNumber: 'de 129 273 398', vatCheck: legacyValidated })
        .returning({ id: counterparties.id });
      const merged = (await ctx.call('GET', `/api/counterparties/${legacy!.id}`, ctx.clerk.cookie)).json<Counterparty>();

      const response = await postMerge(ctx.clerk.cookie, mergeBody(survivor, merged, { vatNumber: 'merged' }));
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json<Counterparty>();
      expect(after.vatNumber).toBe('DE129273398');
      expect(after.vatCheck).toMatchObject({ status: 'pending' });
      expect((await jobsFor(survivor.id)).map((job) => job.vatNumber)).toEqual(['DE811569869', 'DE129273398']);
      // The new job is the one that counts; the survivor's old one finds its number changed.
      expect(await ctx.testApp.app.vatCheck.run((await jobsFor(survivor.id))[0]!)).toBe('stale');

      // A number taken as the merged one stores it brings its check state along: nothing to ask VIES again.
      const other = await create({ name: 'Ust Dritte', vatNumber: null });
      const checked = await create({ name: 'Ust Vierte', vatNumber: 'DE111111117' });
      await ctx.testApp.database.db
        .update(counterparties)
        .set({ vatCheck: legacyValidated })
        .where(eq(counterparties.id, checked.id));
      const current = (await ctx.call('GET', `/api/counterparties/${checked.id}`, ctx.clerk.cookie)).json<Counterparty>();
      const carried = await postMerge(ctx.clerk.cookie, mergeBody(other, current));
      expect(carried.statusCode, carried.body).toBe(200);
      expect(carried.json<Counterparty>()).toMatchObject({ vatNumber: 'DE111111117', vatCheck: legacyValidated });
      expect(await jobsFor(other.id)).toEqual([]);
    } finally {
      ctx.testApp.config.vatCheck.enabled = false;
    }
  });
});
