import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartySummary } from '@kontor/domain';
import { activityLog, counterparties, organizations } from '../src/db/schema';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('counterparties for the invoice form: /api/counterparties/lookup and /inline', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Partner GmbH');
    member = await addMember(testApp, org.id, []);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = member.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const create = async (body: Partial<{ name: string; vatNumber: string | null; iban: string | null; bic: string | null }>) =>
    call('POST', '/api/counterparties/inline', { vatNumber: null, iban: null, bic: null, ...body });

  it('creates one inline with its bank account, an AP number and an activity entry (any member)', async () => {
    const response = await create({
      name: 'Bürowelt Schneider GmbH',
      vatNumber: 'de 123 456 788',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CounterpartySummary>();
    expect(created).toMatchObject({
      name: 'Bürowelt Schneider GmbH',
      vatNumber: 'DE123456788',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountsPayableNumber: '70000',
    });
    const [entry] = await testApp.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'counterparty'), eq(activityLog.entityId, created.id)));
    expect(entry).toMatchObject({ action: 'create', actorType: 'user', actorId: member.userId });

    const fetched = await call('GET', `/api/counterparties/${created.id}`);
    expect(fetched.json()).toMatchObject({
      id: created.id,
      name: created.name,
      vatNumber: created.vatNumber,
      accountsPayableNumber: '70000',
      bankAccounts: [{ name: '', iban: created.iban, bic: created.bic }],
    });
  });

  it('refuses an invalid IBAN and VAT number with their messages', async () => {
    const response = await create({ name: 'Falsch AG', iban: 'DE89370400440532013001', vatNumber: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      iban: ['Please enter a valid IBAN.'],
      vatNumber: ['Enter a European VAT number: a two-letter country prefix and its digits.'],
    });
    const german = await testApp.app.inject({
      method: 'POST',
      url: '/api/counterparties/inline',
      headers: browser(member.cookie, { 'accept-language': 'de' }),
      payload: { name: '', vatNumber: null, iban: 'XX00', bic: null },
    });
    expect(german.json().fieldErrors.iban).toEqual([expect.stringContaining('IBAN')]);
    expect(german.json().fieldErrors.name).toBeDefined();
  });

  it('numbers accounts payable from the highest numeric number, never below the start, and not when disabled', async () => {
    const second = (await create({ name: 'Zweiter Lieferant' })).json<CounterpartySummary>();
    expect(second.accountsPayableNumber).toBe('70001');
    await testApp.database.db.insert(counterparties).values([
      { organizationId: org.id, name: 'Alt 1', accountsPayableNumber: '70010' },
      { organizationId: org.id, name: 'Alt 2', accountsPayableNumber: 'K-99999' },
    ]);
    expect((await create({ name: 'Dritter' })).json<CounterpartySummary>().accountsPayableNumber).toBe('70011');

    await testApp.database.db.update(organizations).set({ apStartNumber: 80000 }).where(eq(organizations.id, org.id));
    expect((await create({ name: 'Vierter' })).json<CounterpartySummary>().accountsPayableNumber).toBe('80000');

    await testApp.database.db.update(organizations).set({ apNumberingEnabled: false }).where(eq(organizations.id, org.id));
    expect((await create({ name: 'Ohne Nummer' })).json<CounterpartySummary>().accountsPayableNumber).toBeNull();
    await testApp.database.db.update(organizations).set({ apNumberingEnabled: true }).where(eq(organizations.id, org.id));
  });

  it('gives concurrent creations distinct numbers', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, index) => create({ name: `Parallel ${index}` })));
    const numbers = results.map((response) => response.json<CounterpartySummary>().accountsPayableNumber);
    expect(new Set(numbers).size).toBe(5);
  });

  it('searches by name (case-insensitive, contains, prefix matches first, wildcards literal) with a limit', async () => {
    await create({ name: 'Schneider Logistik KG' });
    await create({ name: 'Alpen 100% Service GmbH' });
    const hits = (await call('GET', '/api/counterparties/lookup?search=schneider')).json<{ items: CounterpartySummary[] }>()
      .items;
    expect(hits.map((item) => item.name)).toEqual(['Schneider Logistik KG', 'Bürowelt Schneider GmbH']);
    const percent = (await call('GET', '/api/counterparties/lookup?search=100%25')).json<{ items: CounterpartySummary[] }>()
      .items;
    expect(percent.map((item) => item.name)).toEqual(['Alpen 100% Service GmbH']);
    const wildcard = (await call('GET', '/api/counterparties/lookup?search=_')).json<{ items: CounterpartySummary[] }>().items;
    expect(wildcard).toEqual([]);
    const limitedResponse = await call('GET', '/api/counterparties/lookup?limit=2');
    expect(limitedResponse.statusCode, limitedResponse.body).toBe(200);
    const limited = limitedResponse.json<{ items: CounterpartySummary[] }>().items;
    expect(limited).toHaveLength(2);
  });

  it("answers 404 counterparty_not_found for an unknown or another organisation's id", async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Andere AG');
    const foreign = (await create({ name: 'Fremd' })).json<CounterpartySummary>();
    const response = await call('GET', `/api/counterparties/${foreign.id}`, undefined, other.admin.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('counterparty_not_found');
  });

  // Last: it creates a counterparty, which the numbering tests above would count.
  it('refuses a BIC the full form refuses, with its message, and creates nothing', async () => {
    const before = await testApp.database.db.select().from(counterparties).where(eq(counterparties.organizationId, org.id));
    for (const bic of ['COBADE', 'COBADEFF1', '12345678', 'COBA-DEFF']) {
      const response = await create({ name: 'BIC Falsch GmbH', iban: 'DE89370400440532013000', bic });
      expect(response.statusCode, bic).toBe(400);
      expect(response.json().fieldErrors).toEqual({ bic: ['Please enter a valid BIC.'] });
    }
    const after = await testApp.database.db.select().from(counterparties).where(eq(counterparties.organizationId, org.id));
    expect(after).toHaveLength(before.length);
    const spaced = await create({ name: 'BIC Richtig GmbH', iban: 'DE89370400440532013000', bic: 'coba de ff' });
    expect(spaced.statusCode, spaced.body).toBe(201);
    expect(spaced.json<CounterpartySummary>().bic).toBe('COBADEFF');
  });

  it('keeps the address and e-mail read from the document, and refuses a malformed e-mail or country', async () => {
    const response = await call('POST', '/api/counterparties/inline', {
      name: 'Papierfabrik Lenz KG',
      vatNumber: null,
      iban: null,
      bic: null,
      email: 'rechnung@lenz.example',
      street: 'Mühlweg 4',
      zip: '79100',
      city: 'Freiburg',
      country: 'DE',
    });
    expect(response.statusCode, response.body).toBe(201);
    const fetched = await call('GET', `/api/counterparties/${response.json<CounterpartySummary>().id}`);
    expect(fetched.json()).toMatchObject({
      email: 'rechnung@lenz.example',
      street: 'Mühlweg 4',
      zip: '79100',
      city: 'Freiburg',
      country: 'DE',
    });

    const refused = await call('POST', '/api/counterparties/inline', {
      name: 'Kaputt GmbH',
      vatNumber: null,
      iban: null,
      bic: null,
      email: 'kein-at-zeichen',
      country: 'Atlantis',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors).sort()).toEqual(['country', 'email']);
    const [kept] = await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Kaputt GmbH'));
    expect(kept).toBeUndefined();
  });
});
