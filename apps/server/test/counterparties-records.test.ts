import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counterparty } from '@kontor/domain';
import { approvalFlows, counterparties, organizations } from '../src/db/schema';
import { type caller, counterpartyBody, createCounterparty, createCounterpartyTestOrganization } from './counterparty-fixtures';
import { addMember, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';

describe('counterparty records: create, update, delete, trust', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let clerk: TestUser;
  let treasurer: TestUser;
  let viewer: TestUser;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ org, clerk, viewer, call } = await createCounterpartyTestOrganization(testApp, 'Records GmbH'));
    treasurer = await addMember(testApp, org.id, ['payment_runs:manage']);
  });
  afterAll(async () => testApp.close());

  const create = (overrides: Parameters<typeof counterpartyBody>[0] = {}, cookie = clerk.cookie) =>
    createCounterparty(testApp, cookie, overrides);
  const activityOf = async (id: string) =>
    (await call('GET', `/api/counterparties/${id}/activity`, viewer.cookie)).json<{
      items: { action: string; actorName: string | null; changes: Record<string, unknown> | null }[];
    }>().items;

  it('creates a counterparty with every field, numbered AP and AR from the start numbers, and logs it', async () => {
    await testApp.database.db
      .update(organizations)
      .set({ apStartNumber: 30000, arStartNumber: 10000 })
      .where(eq(organizations.id, org.id));
    const created = await create({
      name: 'Nordlicht Telekommunikation GmbH',
      vatNumber: 'DE311245677',
      email: 'rechnung@nordlicht.de',
      description: 'Telefon und Internet',
      street: 'Hafenstraße 1',
      zip: '20457',
      city: 'Hamburg',
      country: 'DE',
      bankAccounts: [{ name: 'Hauptkonto', iban: 'DE05 2004 0000 0628 4001 23', bic: 'cobadehhxxx' }],
      paymentTermsDays: 14,
    });
    expect(created).toMatchObject({
      name: 'Nordlicht Telekommunikation GmbH',
      vatNumber: 'DE311245677',
      country: 'DE',
      accountsPayableNumber: '30000',
      accountsReceivableNumber: '10000',
      bankAccounts: [{ name: 'Hauptkonto', iban: 'DE05200400000628400123', bic: 'COBADEHHXXX' }],
      isTrusted: false,
      trustedBy: null,
      invoiceCount: 0,
      version: 1,
    });
    const second = await create({ name: 'Zweiter' });
    expect([second.accountsPayableNumber, second.accountsReceivableNumber]).toEqual(['30001', '10001']);
    const explicit = await create({ name: 'Eigene Nummer', accountsPayableNumber: '30100' });
    expect(explicit.accountsPayableNumber).toBe('30100');
    expect((await create({ name: 'Danach' })).accountsPayableNumber).toBe('30101');

    const [entry] = await activityOf(created.id);
    expect(entry).toMatchObject({ action: 'create', changes: expect.objectContaining({ accountsPayableNumber: '30000' }) });
  });

  it('creates through the API from the name alone; fields left out are empty, and what is sent is still checked', async () => {
    const minimal = await call('POST', '/api/counterparties', clerk.cookie, { name: 'Nur Name GmbH' });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json()).toMatchObject({
      name: 'Nur Name GmbH',
      vatNumber: null,
      email: null,
      country: null,
      bankAccounts: [],
      paymentTermsDays: null,
      skontoRate: null,
      paymentRemindersEnabled: false,
      accountsPayableNumber: expect.stringMatching(/^\d+$/),
    });
    const withAccount = await call('POST', '/api/counterparties', clerk.cookie, {
      name: 'Mit Konto KG',
      bankAccounts: [{ name: 'Haupt', iban: 'DE89 3704 0044 0532 0130 00', bic: null }],
    });
    expect(withAccount.statusCode, withAccount.body).toBe(201);
    expect(withAccount.json().bankAccounts).toMatchObject([{ iban: 'DE89370400440532013000' }]);

    const refused = [
      {},
      { name: 'Falsch', email: 'keine-adresse' },
      { name: 'Falsch', skontoDays: 10 },
      { name: 'Falsch', paymentRemindersEnabled: true },
      { name: 'Falsch', bankAccounts: [{ name: 'Haupt', iban: 'DE00 1234', bic: null }] },
    ];
    for (const body of refused) {
      const response = await call('POST', '/api/counterparties', clerk.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A PUT still replaces the whole record: every field must be sent.
    const partialUpdate = await call('PUT', `/api/counterparties/${minimal.json().id}`, clerk.cookie, {
      name: 'Neu',
      version: 1,
    });
    expect(partialUpdate.statusCode).toBe(400);
  });

  it('numbers concurrent creations distinctly', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => create({ name: `Parallel ${index}` })));
    expect(new Set(results.map((item) => item.accountsReceivableNumber)).size).toBe(6);
  });

  it('replaces the bank accounts on update: kept by id, new ones created, missing ones deleted; logs the changes', async () => {
    const created = await create({
      name: 'Bankwechsel AG',
      bankAccounts: [
        { name: 'Alt', iban: 'DE89370400440532013000', bic: null },
        { name: 'Weg', iban: 'DE02120300000000202051', bic: null },
      ],
    });
    // Accounts created together share created_at; pick by name, not position.
    const kept = created.bankAccounts.find((account) => account.name === 'Alt');
    const response = await call('PUT', `/api/counterparties/${created.id}`, clerk.cookie, {
      ...counterpartyBody({
        name: 'Bankwechsel AG',
        city: 'Berlin',
        accountsPayableNumber: created.accountsPayableNumber,
        bankAccounts: [
          { id: kept!.id, name: 'Umbenannt', iban: kept!.iban, bic: 'COBADEFFXXX' },
          { name: 'Neu', iban: 'AT582011182715243001', bic: null },
        ],
      }),
      version: created.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Counterparty>();
    expect(updated.version).toBe(2);
    expect(updated.city).toBe('Berlin');
    expect(updated.accountsReceivableNumber).toBe(created.accountsReceivableNumber);
    expect(updated.bankAccounts.map((account) => [account.name, account.iban])).toEqual([
      ['Umbenannt', 'DE89370400440532013000'],
      ['Neu', 'AT582011182715243001'],
    ]);
    expect(updated.bankAccounts[0]).toMatchObject({ id: kept!.id, bic: 'COBADEFFXXX' });

    const [entry] = await activityOf(created.id);
    expect(entry!.action).toBe('update');
    expect(Object.keys(entry!.changes!).sort()).toEqual(['bankAccounts', 'city']);
  });

  it("refuses an account id that is not the counterparty's", async () => {
    const first = await create({ name: 'Eins', bankAccounts: [{ name: 'A', iban: 'DE89370400440532013000', bic: null }] });
    const second = await create({ name: 'Zwei' });
    const response = await call('PUT', `/api/counterparties/${second.id}`, clerk.cookie, {
      ...counterpartyBody({
        name: 'Zwei',
        bankAccounts: [{ id: first.bankAccounts[0]!.id, name: 'A', iban: 'DE89370400440532013000', bic: null }],
      }),
      version: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['bankAccounts.0.id']).toBeDefined();
  });

  it('answers 409 stale_version to an update or delete with an old version, and changes nothing', async () => {
    const created = await create({ name: 'Veraltet GmbH' });
    const body = { ...counterpartyBody({ name: 'Neuer Name' }), version: 1 };
    expect((await call('PUT', `/api/counterparties/${created.id}`, clerk.cookie, body)).statusCode).toBe(200);
    const stale = await call('PUT', `/api/counterparties/${created.id}`, clerk.cookie, { ...body, name: 'Überschrieben' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await call('DELETE', `/api/counterparties/${created.id}?version=1`, clerk.cookie)).statusCode).toBe(409);
    expect((await call('GET', `/api/counterparties/${created.id}`, viewer.cookie)).json().name).toBe('Neuer Name');
  });

  it('refuses to delete a counterparty that invoices refer to, listing the blockers; deletes one without', async () => {
    const used = await create({ name: 'Mit Rechnungen' });
    await insertInvoiceRow(testApp, org.id, { counterpartyId: used.id, counterpartyName: used.name });
    await insertInvoiceRow(testApp, org.id, { counterpartyId: used.id, counterpartyName: used.name, status: 'archived' });
    const detail = (await call('GET', `/api/counterparties/${used.id}`, viewer.cookie)).json<Counterparty>();
    expect([detail.invoiceCount, detail.openInvoiceCount]).toEqual([2, 1]);
    const refused = await call('DELETE', `/api/counterparties/${used.id}?version=1`, clerk.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'counterparty_in_use', params: { invoices: 2, transactions: 0 } });

    const unused = await create({
      name: 'Ohne Rechnungen',
      bankAccounts: [{ name: 'A', iban: 'DE89370400440532013000', bic: null }],
    });
    expect((await call('DELETE', `/api/counterparties/${unused.id}?version=1`, clerk.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/counterparties/${unused.id}`, viewer.cookie)).statusCode).toBe(404);
    const rows = await testApp.database.db.select().from(counterparties).where(eq(counterparties.id, unused.id));
    expect(rows).toEqual([]);
  });

  it('refuses to delete a counterparty an approval flow names in a condition, naming the flows', async () => {
    const named = await create({ name: 'In Bedingung GmbH' });
    await testApp.database.db.insert(approvalFlows).values({
      organizationId: org.id,
      name: 'Großlieferant',
      type: 'invoice',
      position: 50,
      steps: [{ approverIds: [org.admin.userId], requiredApprovals: 1 }],
      conditions: [{ kind: 'counterparty', counterpartyIds: [named.id] }],
    });
    const refused = await call('DELETE', `/api/counterparties/${named.id}?version=1`, clerk.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'counterparty_in_approval_flows',
      params: { flows: 'Großlieferant' },
      message:
        'This counterparty is a condition of the approval flows Großlieferant and cannot be deleted. Remove it from their conditions first.',
    });
    expect((await call('GET', `/api/counterparties/${named.id}`, viewer.cookie)).statusCode).toBe(200);
  });

  it('marks trusted with date and user, removes trust, and the history shows who did it', async () => {
    const created = await create({ name: 'Vertrauen GmbH' });
    const before = Date.now();
    const trusted = await call('POST', `/api/counterparties/${created.id}/trust`, treasurer.cookie, { version: 1 });
    expect(trusted.statusCode, trusted.body).toBe(200);
    const body = trusted.json<Counterparty>();
    expect(body).toMatchObject({ isTrusted: true, trustedBy: { id: treasurer.userId }, version: 2 });
    expect(Date.parse(body.trustedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.trustedBy!.name).toBe(treasurer.email.split('@')[0]);

    const again = await call('POST', `/api/counterparties/${created.id}/trust`, org.admin.cookie, { version: 2 });
    expect(again.json<Counterparty>()).toMatchObject({ version: 2, trustedBy: { id: treasurer.userId } });

    const untrusted = await call('POST', `/api/counterparties/${created.id}/untrust`, org.admin.cookie, { version: 2 });
    expect(untrusted.json<Counterparty>()).toMatchObject({ isTrusted: false, trustedAt: null, trustedBy: null, version: 3 });
    const stale = await call('POST', `/api/counterparties/${created.id}/trust`, treasurer.cookie, { version: 2 });
    expect(stale.statusCode).toBe(409);

    const history = await activityOf(created.id);
    expect(history.map((entry) => [entry.action, entry.changes?.isTrusted ?? null])).toEqual([
      ['update', { from: true, to: false }],
      ['update', { from: false, to: true }],
      ['create', null],
    ]);
    expect(history[1]!.actorName).toBe(treasurer.email.split('@')[0]);
  });

  it('answers 403 to members without the permissions: create, update, delete (no invoice permission), trust (no payment runs)', async () => {
    const created = await create({ name: 'Geschützt' });
    const body = { ...counterpartyBody({ name: 'Geschützt' }), version: 1 };
    const denied = [
      await call('POST', '/api/counterparties', viewer.cookie, counterpartyBody({ name: 'Nein' })),
      await call('PUT', `/api/counterparties/${created.id}`, viewer.cookie, body),
      await call('DELETE', `/api/counterparties/${created.id}`, viewer.cookie),
      await call('POST', `/api/counterparties/${created.id}/trust`, viewer.cookie, { version: 1 }),
      await call('POST', `/api/counterparties/${created.id}/trust`, clerk.cookie, { version: 1 }),
      await call('PUT', `/api/counterparties/${created.id}`, treasurer.cookie, body),
    ];
    expect(denied.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    // Reading and the invoice form's inline create stay open to every member.
    expect((await call('GET', `/api/counterparties/${created.id}`, viewer.cookie)).statusCode).toBe(200);
    const inline = await call('POST', '/api/counterparties/inline', viewer.cookie, {
      name: 'Inline',
      vatNumber: null,
      iban: null,
      bic: null,
    });
    expect(inline.statusCode).toBe(201);
    // An AR clerk may manage counterparties too.
    const receivables = await addMember(testApp, org.id, ['ar_invoices:manage']);
    expect((await call('PUT', `/api/counterparties/${created.id}`, receivables.cookie, body)).statusCode).toBe(200);
  });
});
