import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyListItem, CounterpartySummary } from '@kontor/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  counterparties,
  counterpartyBankAccounts,
  counterpartyEmailVerifications,
  counterpartyExecutiveVerifications,
} from '../src/db/schema';
import { SEARCH_MATCH_LIMIT } from '../src/modules/counterparties/search-matches';
import { caller } from './counterparty-fixtures';
import { addMember, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';

type Page = { items: CounterpartyListItem[]; nextCursor: string | null };

describe('counterparty list and lookup', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;
  let call: ReturnType<typeof caller>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Liste GmbH');
    member = await addMember(testApp, org.id, []);
    call = caller(testApp);
    const rows = await testApp.database.db
      .insert(counterparties)
      .values([
        { organizationId: org.id, name: 'alpha Bau GmbH', accountsPayableNumber: '70001', vatNumber: 'DE100000008' },
        { organizationId: org.id, name: 'Beta Logistik KG', accountsReceivableNumber: '10001', isTrusted: true },
        { organizationId: org.id, name: 'Gamma Software AG', vatNumber: 'ATU12345675' },
        { organizationId: org.id, name: 'Delta Logistik GmbH', isTrusted: true },
        { organizationId: org.id, name: 'Epsilon 100% Service' },
      ])
      .returning({ id: counterparties.id, name: counterparties.name });
    for (const row of rows) ids[row.name.split(' ')[0]!.toLowerCase()] = row.id;
    await testApp.database.db.insert(counterpartyBankAccounts).values([
      { organizationId: org.id, counterpartyId: ids.gamma!, name: 'Haupt', iban: 'AT582011182715243001' },
      { organizationId: org.id, counterpartyId: ids.gamma!, name: 'Neben', iban: 'DE89370400440532013000' },
    ]);
    await insertInvoiceRow(testApp, org.id, { counterpartyId: ids.beta!, status: 'new' });
    await insertInvoiceRow(testApp, org.id, { counterpartyId: ids.beta!, status: 'approved' });
    await insertInvoiceRow(testApp, org.id, { counterpartyId: ids.delta!, status: 'exported' });
    await insertInvoiceRow(testApp, org.id, { counterpartyId: ids.delta!, status: 'cancelled' });
    // Another organisation's counterparties never show.
    const other = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: other.id, name: 'Alpha Fremd', accountsPayableNumber: '70001' });
  });
  afterAll(async () => testApp.close());

  const list = async (query = '') => {
    const response = await call('GET', `/api/counterparties${query}`, member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const names = (page: Page) => page.items.map((item) => item.name);

  it('lists by name (case-insensitive) with bank account and open invoice counts', async () => {
    const page = await list();
    expect(names(page)).toEqual([
      'alpha Bau GmbH',
      'Beta Logistik KG',
      'Delta Logistik GmbH',
      'Epsilon 100% Service',
      'Gamma Software AG',
    ]);
    expect(page.nextCursor).toBeNull();
    const byName = Object.fromEntries(page.items.map((item) => [item.name.split(' ')[0], item]));
    expect(byName.Beta).toMatchObject({ isTrusted: true, openInvoiceCount: 2, accountsReceivableNumber: '10001' });
    expect(byName.Delta).toMatchObject({ openInvoiceCount: 0 });
    expect(byName.Gamma).toMatchObject({ bankAccountCount: 2, vatNumber: 'ATU12345675' });
  });

  it('pages with an opaque cursor without gaps or repeats, and refuses a broken one', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(names(await list()));
    const broken = await call('GET', '/api/counterparties?cursor=nonsense', member.cookie);
    expect(broken.statusCode).toBe(400);
  });

  it('filters by trusted and by open invoices', async () => {
    expect(names(await list('?trusted=true'))).toEqual(['Beta Logistik KG', 'Delta Logistik GmbH']);
    expect(names(await list('?trusted=false'))).toHaveLength(3);
    expect(names(await list('?hasOpenInvoices=true'))).toEqual(['Beta Logistik KG']);
    expect(names(await list('?hasOpenInvoices=false&trusted=true'))).toEqual(['Delta Logistik GmbH']);
  });

  it('shows and filters the verification state over the latest verification of each current bank account', async () => {
    const accounts = await testApp.database.db
      .insert(counterpartyBankAccounts)
      .values([
        { organizationId: org.id, counterpartyId: ids.alpha!, name: 'Giro', iban: 'DE02120300000000202051' },
        { organizationId: org.id, counterpartyId: ids.beta!, name: 'Giro', iban: 'DE02500105170137075030' },
        { organizationId: org.id, counterpartyId: ids.delta!, name: 'Giro', iban: 'DE02100500000054540402' },
      ])
      .returning({
        id: counterpartyBankAccounts.id,
        counterpartyId: counterpartyBankAccounts.counterpartyId,
        iban: counterpartyBankAccounts.iban,
      });
    const account = (key: string) => accounts.find((row) => row.counterpartyId === ids[key])!;
    const [gammaMain, gammaSecond] = await testApp.database.db
      .select({ id: counterpartyBankAccounts.id, iban: counterpartyBankAccounts.iban })
      .from(counterpartyBankAccounts)
      .where(eq(counterpartyBankAccounts.counterpartyId, ids.gamma!))
      .orderBy(counterpartyBankAccounts.name);
    const email = (
      key: string,
      bank: { id: string; iban: string },
      status: 'completed' | 'opened',
      result: 'match' | 'mismatch' | null,
      at: string,
    ) => ({
      organizationId: org.id,
      counterpartyId: ids[key]!,
      bankAccountId: bank.id,
      iban: bank.iban,
      email: 'ap@example.test',
      status,
      result,
      tokenHash: randomUUID(),
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(at),
    });
    await testApp.database.db.insert(counterpartyEmailVerifications).values([
      email('alpha', account('alpha'), 'completed', 'match', '2026-01-02'),
      // Beta's first answer matched, the latest did not: a mismatch.
      email('beta', account('beta'), 'completed', 'match', '2026-01-01'),
      email('beta', account('beta'), 'completed', 'mismatch', '2026-01-03'),
      email('gamma', gammaMain!, 'completed', 'match', '2026-01-02'),
    ]);
    await testApp.database.db.insert(counterpartyExecutiveVerifications).values([
      {
        organizationId: org.id,
        counterpartyId: ids.delta!,
        bankAccountId: account('delta').id,
        iban: account('delta').iban,
        requiredApprovals: 1,
        outcome: 'pending',
      },
      // Approved for an IBAN the account no longer has: it does not count.
      {
        organizationId: org.id,
        counterpartyId: ids.gamma!,
        bankAccountId: gammaSecond!.id,
        iban: 'DE89370400440532013001',
        requiredApprovals: 1,
        outcome: 'approved',
      },
    ]);
    const states = Object.fromEntries((await list()).items.map((item) => [item.name.split(' ')[0], item.verificationState]));
    expect(states).toEqual({ alpha: 'verified', Beta: 'mismatch', Delta: 'pending', Epsilon: 'unverified', Gamma: 'unverified' });
    expect(names(await list('?verification=verified'))).toEqual(['alpha Bau GmbH']);
    expect(names(await list('?verification=mismatch'))).toEqual(['Beta Logistik KG']);
    expect(names(await list('?verification=unverified'))).toEqual(['Epsilon 100% Service', 'Gamma Software AG']);
    expect(names(await list('?verification=pending&trusted=true'))).toEqual(['Delta Logistik GmbH']);
    // The same filter when a search drives the page.
    expect(names(await list('?search=logistik&verification=mismatch'))).toEqual(['Beta Logistik KG']);
    const refused = await call('GET', '/api/counterparties?verification=maybe', member.cookie);
    expect(refused.statusCode).toBe(400);
    await testApp.database.db
      .delete(counterpartyEmailVerifications)
      .where(eq(counterpartyEmailVerifications.organizationId, org.id));
    await testApp.database.db
      .delete(counterpartyExecutiveVerifications)
      .where(eq(counterpartyExecutiveVerifications.organizationId, org.id));
    await testApp.database.db.delete(counterpartyBankAccounts).where(
      inArray(
        counterpartyBankAccounts.id,
        accounts.map((row) => row.id),
      ),
    );
  });

  it('searches by name, AP/AR number, VAT number and IBAN; wildcards are literal', async () => {
    expect(names(await list('?search=logistik'))).toEqual(['Beta Logistik KG', 'Delta Logistik GmbH']);
    expect(names(await list('?search=70001'))).toEqual(['alpha Bau GmbH']);
    expect(names(await list('?search=10001'))).toEqual(['Beta Logistik KG']);
    expect(names(await list('?search=atu1234'))).toEqual(['Gamma Software AG']);
    expect(names(await list(`?search=${encodeURIComponent('DE89 3704')}`))).toEqual(['Gamma Software AG']);
    expect(names(await list('?search=100%25'))).toEqual(['Epsilon 100% Service']);
    expect(names(await list('?search=_'))).toEqual([]);
    expect(names(await list('?search=logistik&trusted=true&limit=1'))).toEqual(['Beta Logistik KG']);
  });

  it('looks counterparties up for the invoice form with the summary shape (prefix matches first)', async () => {
    const response = await call('GET', '/api/counterparties/lookup?search=a&limit=3', member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: CounterpartySummary[] }>().items;
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      id: ids.alpha,
      name: 'alpha Bau GmbH',
      vatNumber: 'DE100000008',
      iban: null,
      bic: null,
      accountsPayableNumber: '70001',
    });
    const gamma = (await call('GET', '/api/counterparties/lookup?search=gamma', member.cookie)).json<{
      items: CounterpartySummary[];
    }>().items;
    expect(gamma.map((item) => item.name)).toEqual(['Gamma Software AG']);
    expect(gamma[0]!.iban).toMatch(/^(AT58|DE89)/);
  });

  describe('search order', () => {
    /**
     * "bau" and "ba": the names starting with it, then the others containing it, each by name as a
     * German reader sorts (Ö as O, not after Z).
     */
    const BAU_IN_ORDER = [
      'BAUER Logistik KG',
      'Bauhaus Technik AG',
      'Alpen Bau GmbH',
      'Neubauten Schmidt',
      'ÖKO Bau eG',
      'Ostbau AG',
      'Zement Bau AG',
    ];
    let ranked: TestOrganization;
    const listIn = async (query: string) => {
      const response = await call('GET', `/api/counterparties${query}`, ranked.admin.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page>();
    };
    /** Every page of a query, following the cursor, `limit` rows at a time. */
    const allPages = async (query: string, limit: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await listIn(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };

    beforeAll(async () => {
      ranked = await createOrganizationWithAdmin(testApp, 'Rang GmbH');
      await testApp.database.db
        .insert(counterparties)
        .values(
          [
            'Alpen Bau GmbH',
            'Bauhaus Technik AG',
            'BAUER Logistik KG',
            'Neubauten Schmidt',
            'ÖKO Bau eG',
            'Öko Strom GmbH',
            'Ostbau AG',
            'Zement Bau AG',
          ].map((name) => ({ organizationId: ranked.id, name })),
        );
    });

    it('ranks the names starting with the search first, each part by name, in any case', async () => {
      expect(names(await listIn('?search=bau'))).toEqual(BAU_IN_ORDER);
      // Upper and lower case beyond ASCII: "öko" finds "ÖKO" and "Öko".
      expect(names(await listIn(`?search=${encodeURIComponent('öko')}`))).toEqual(['ÖKO Bau eG', 'Öko Strom GmbH']);
      expect(names(await listIn(`?search=${encodeURIComponent('ÖKO BAU')}`))).toEqual(['ÖKO Bau eG']);
      // Accents and umlauts are folded both ways: "oko" finds "Öko", "ZÉMENT" finds "Zement".
      expect(names(await listIn('?search=oko'))).toEqual(['ÖKO Bau eG', 'Öko Strom GmbH']);
      expect(names(await listIn(`?search=${encodeURIComponent('ZÉMENT')}`))).toEqual(['Zement Bau AG']);
      // The whole list in the same order: Ö between N and P.
      expect(names(await listIn(''))).toEqual([
        'Alpen Bau GmbH',
        'BAUER Logistik KG',
        'Bauhaus Technik AG',
        'Neubauten Schmidt',
        'ÖKO Bau eG',
        'Öko Strom GmbH',
        'Ostbau AG',
        'Zement Bau AG',
      ]);
    });

    it('pages across both parts without gaps or repeats, for searches of every length', async () => {
      for (const search of ['bau', 'ba', 'b', 'o', encodeURIComponent('ö')]) {
        const whole = names(await listIn(`?search=${search}`));
        expect(whole.length, search).toBeGreaterThan(0);
        for (const limit of [1, 2, 3]) expect(await allPages(`?search=${search}`, limit), `${search} by ${limit}`).toEqual(whole);
      }
      // A short search walks the list: its order is the same.
      expect(names(await listIn('?search=ba'))).toEqual(BAU_IN_ORDER);
    });

    it('filters every match, not only the first page of them', async () => {
      const [zement] = await testApp.database.db
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(and(eq(counterparties.organizationId, ranked.id), eq(counterparties.name, 'Zement Bau AG')));
      await insertInvoiceRow(testApp, ranked.id, { counterpartyId: zement!.id, status: 'new' });
      expect(names(await listIn('?search=bau&hasOpenInvoices=true&limit=1'))).toEqual(['Zement Bau AG']);
      expect(await allPages('?search=bau&hasOpenInvoices=false', 2)).toEqual([
        'BAUER Logistik KG',
        'Bauhaus Technik AG',
        'Alpen Bau GmbH',
        'Neubauten Schmidt',
        'ÖKO Bau eG',
        'Ostbau AG',
      ]);
    });

    it('answers a search matching more than the search function hands over from a walk, in the same order', async () => {
      const many = await createOrganizationWithAdmin(testApp, 'Viele GmbH');
      const count = SEARCH_MATCH_LIMIT + 5;
      await testApp.database.db.insert(counterparties).values([
        { organizationId: many.id, name: 'Handel am Markt' },
        ...Array.from({ length: count }, (_, index) => ({
          organizationId: many.id,
          name: `Lieferant ${String(index).padStart(5, '0')} Handel`,
        })),
      ]);
      const page = (await call('GET', '/api/counterparties?search=handel&limit=3', many.admin.cookie)).json<Page>();
      expect(names(page)).toEqual(['Handel am Markt', 'Lieferant 00000 Handel', 'Lieferant 00001 Handel']);
      const next = (
        await call('GET', `/api/counterparties?search=handel&limit=3&cursor=${page.nextCursor}`, many.admin.cookie)
      ).json<Page>();
      expect(names(next)).toEqual(['Lieferant 00002 Handel', 'Lieferant 00003 Handel', 'Lieferant 00004 Handel']);
    });

    it('walks the other matches of a search that can be a number, too, where more names contain it than the search hands over', async () => {
      // Both ranks in one round trip (the search can be an AP number), whose indexes then answer
      // that rank 1 must be walked: the names starting with it stay, rank 1 comes from the walk.
      const many = await createOrganizationWithAdmin(testApp, 'Jahrgang GmbH');
      await testApp.database.db.insert(counterparties).values([
        { organizationId: many.id, name: '2025 Events GmbH' },
        { organizationId: many.id, name: 'Aachen Süd', accountsPayableNumber: '2025' },
        ...Array.from({ length: SEARCH_MATCH_LIMIT + 5 }, (_, index) => ({
          organizationId: many.id,
          name: `Lieferant ${String(index).padStart(5, '0')} Los 2025`,
        })),
      ]);
      const page = (await call('GET', '/api/counterparties?search=2025&limit=3', many.admin.cookie)).json<Page>();
      expect(names(page)).toEqual(['2025 Events GmbH', 'Aachen Süd', 'Lieferant 00000 Los 2025']);
      const next = (
        await call('GET', `/api/counterparties?search=2025&limit=3&cursor=${page.nextCursor}`, many.admin.cookie)
      ).json<Page>();
      expect(names(next)).toEqual(['Lieferant 00001 Los 2025', 'Lieferant 00002 Los 2025', 'Lieferant 00003 Los 2025']);
    });

    it('answers a VAT number or IBAN start matching few or more than the search hands over, in name order', async () => {
      const many = await createOrganizationWithAdmin(testApp, 'Prefix GmbH');
      const count = SEARCH_MATCH_LIMIT + 5;
      await testApp.database.pool.query(
        `insert into counterparties (organization_id, name, vat_number)
         select $1::uuid, 'Firma ' || lpad(i::text, 5, '0'), 'ATU' || (10000000 + i) from generate_series(0, $2::int - 1) i
         union all select $1::uuid, 'Aachen Nord', 'DE123456789'`,
        [many.id, count],
      );
      await testApp.database.pool.query(
        `insert into counterparty_bank_accounts (organization_id, counterparty_id, iban)
         select organization_id, id, 'DE89370400440532' || lpad(i::text, 6, '0')
           from (select organization_id, id, row_number() over (order by name) as i from counterparties
                  where organization_id = $1 and name like 'Firma %') c`,
        [many.id],
      );
      const firstPages = async (search: string) => {
        const query = `/api/counterparties?search=${encodeURIComponent(search)}&limit=2`;
        const page = (await call('GET', query, many.admin.cookie)).json<Page>();
        if (!page.nextCursor) return names(page);
        const next = (await call('GET', `${query}&cursor=${page.nextCursor}`, many.admin.cookie)).json<Page>();
        return [...names(page), ...names(next)];
      };
      const first = ['Firma 00000', 'Firma 00001', 'Firma 00002', 'Firma 00003'];
      // 1,000 VAT numbers start ATU1000, all of them ATU1: read in name order from the search keys.
      expect(await firstPages('ATU1000')).toEqual(first);
      expect(await firstPages('atu 1')).toEqual(first);
      expect(await firstPages('ATU10000999')).toEqual(['Firma 00999']);
      // Every account starts DE89 3704, from the search keys too; one IBAN is one counterparty.
      expect(await firstPages('DE89 3704')).toEqual(first);
      expect(await firstPages('DE89 3704 0044 0532 0000 03')).toEqual(['Firma 00002']);
    });

    it('pages a search that can be a number through the names starting with it, then its other matches', async () => {
      // Such a search reads both ranks in one round trip (ranked-search.ts): the same order and
      // pages as a word's.
      const numbered = await createOrganizationWithAdmin(testApp, 'Nummern GmbH');
      await testApp.database.db.insert(counterparties).values([
        { organizationId: numbered.id, name: '70123er Werkstatt' },
        { organizationId: numbered.id, name: '70123 Baustoffe' },
        { organizationId: numbered.id, name: 'Lager 70123 Nord' },
        { organizationId: numbered.id, name: 'Zulieferer Ost', accountsPayableNumber: '70123' },
        { organizationId: numbered.id, name: 'Abnehmer West', accountsReceivableNumber: '70123' },
        { organizationId: numbered.id, name: 'Kein Treffer', accountsPayableNumber: '70124' },
        { organizationId: numbered.id, name: 'DE12 Handel' },
        { organizationId: numbered.id, name: 'Berg AG', vatNumber: 'DE123456789' },
        { organizationId: numbered.id, name: 'Anger KG', vatNumber: 'DE129999999' },
      ]);
      const pages = async (search: string, limit: number) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const query = `/api/counterparties?search=${search}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
          const page: Page = (await call('GET', query, numbered.admin.cookie)).json<Page>();
          seen.push(...names(page));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const expected = {
        '70123': ['70123 Baustoffe', '70123er Werkstatt', 'Abnehmer West', 'Lager 70123 Nord', 'Zulieferer Ost'],
        DE12: ['DE12 Handel', 'Anger KG', 'Berg AG'],
      };
      for (const [search, order] of Object.entries(expected)) {
        for (const limit of [1, 2, 3, 50]) expect(await pages(search, limit), `${search} by ${limit}`).toEqual(order);
      }
    });

    it('pages an IBAN start without a gap where one counterparty has two accounts under it', async () => {
      const bank = await createOrganizationWithAdmin(testApp, 'Zwei Konten GmbH');
      const rows = await testApp.database.db
        .insert(counterparties)
        .values(['Anker KG', 'Birke AG', 'Citrin GmbH'].map((name) => ({ organizationId: bank.id, name })))
        .returning({ id: counterparties.id, name: counterparties.name });
      const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
      await testApp.database.db.insert(counterpartyBankAccounts).values([
        { organizationId: bank.id, counterpartyId: idOf('Anker KG'), iban: 'DE89370400440532013000' },
        { organizationId: bank.id, counterpartyId: idOf('Anker KG'), iban: 'DE89370400440532013001' },
        { organizationId: bank.id, counterpartyId: idOf('Birke AG'), iban: 'DE89370400440532013002' },
        { organizationId: bank.id, counterpartyId: idOf('Citrin GmbH'), iban: 'DE89370400440532013003' },
      ]);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query = `/api/counterparties?search=${encodeURIComponent('DE89 3704')}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page: Page = (await call('GET', query, bank.admin.cookie)).json<Page>();
        seen.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['Anker KG', 'Birke AG', 'Citrin GmbH']);
    });

    it('finds the names containing a search of five characters or more through their suffixes, past 32 characters too (migration 0042)', async () => {
      const suffixes = await createOrganizationWithAdmin(testApp, 'Suffix GmbH');
      await testApp.database.db
        .insert(counterparties)
        .values(
          [
            'Internationale Speditionsgesellschaft Nordrhein-Westfalen mbH',
            'Internationale Speditionsgesellschaft Nordrhein-Pfalz mbH',
            "Kaffeerösterei O'Brien \\ Söhne",
            'Rabatt 100% Service',
            'Rabatt 100x Service',
          ].map((name) => ({ organizationId: suffixes.id, name })),
        );
      const search = async (term: string) => {
        const response = await call('GET', `/api/counterparties?search=${encodeURIComponent(term)}`, suffixes.admin.cookie);
        expect(response.statusCode, response.body).toBe(200);
        return names(response.json<Page>());
      };
      // Beyond the 32 characters a suffix keeps: the whole search is still compared.
      expect(await search('gesellschaft Nordrhein-Westfalen')).toEqual([
        'Internationale Speditionsgesellschaft Nordrhein-Westfalen mbH',
      ]);
      expect(await search('Speditionsgesellschaft Nordrhein-Westfalen mbH')).toEqual([
        'Internationale Speditionsgesellschaft Nordrhein-Westfalen mbH',
      ]);
      expect(await search('sgesellschaft nordrhein-')).toEqual([
        'Internationale Speditionsgesellschaft Nordrhein-Pfalz mbH',
        'Internationale Speditionsgesellschaft Nordrhein-Westfalen mbH',
      ]);
      // Quotes, backslashes and LIKE wildcards are characters of the search; case and umlauts fold.
      expect(await search("RÖSTEREI O'BRIEN \\ S")).toEqual(["Kaffeerösterei O'Brien \\ Söhne"]);
      expect(await search("rei o'brien")).toEqual(["Kaffeerösterei O'Brien \\ Söhne"]);
      expect(await search('att 100% Serv')).toEqual(['Rabatt 100% Service']);
      expect(await search('att 100_ Serv')).toEqual([]);
      expect(await search('nirgendwo')).toEqual([]);
    });
  });
});
