import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { INVOICE_SORT_FIELDS, type InvoiceListItem, type InvoiceStatus } from '@kontor/domain';
import { counterparties, invoiceSplits, invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

const NEW_COUNT = 130;
const counterpartyId = randomUUID();
const costCenterId = randomUUID();
const splitCostCenterId = randomUUID();

describe('GET /api/invoices', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'List GmbH');
    // A linked invoice is found by its counterparty's name (search_invoice_ids, migration 0010).
    await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, id: counterpartyId, name: 'Papierwerk Süd GmbH' });
    const pad = (n: number) => String(n).padStart(3, '0');
    // Many ties and NULLs on purpose: keyset paging must still visit every row exactly once.
    const rows = Array.from({ length: NEW_COUNT }, (_, i) => ({
      organizationId: org.id,
      status: 'new' as InvoiceStatus,
      counterpartyName: i % 9 === 0 ? null : `lieferant-${pad(i % 25)}`,
      invoiceNumber: i % 11 === 0 ? null : `re-${pad(i % 40)}`,
      date: i % 5 === 0 ? null : `2026-0${1 + (i % 9)}-1${i % 10}`,
      dueDate: i % 7 === 0 ? null : `2026-1${i % 3}-0${1 + (i % 9)}`,
      totalAmount: i % 13 === 0 ? null : 1_000 * (i % 17),
      currency: 'EUR',
    }));
    await testApp.database.db.insert(invoices).values(rows);
    const other = (status: InvoiceStatus, count: number) =>
      Array.from({ length: count }, () => ({
        organizationId: org.id,
        status,
        counterpartyName: `other-${status}`,
        cancelReason: status === 'cancelled' ? 'Doppelt' : null,
      }));
    await testApp.database.db
      .insert(invoices)
      .values([
        ...other('in_approval', 3),
        ...other('rejected', 2),
        ...other('approved', 4),
        ...other('cancelled', 2),
        ...other('archived', 1),
        ...other('exported', 5),
      ]);
    const special = await testApp.database.db
      .insert(invoices)
      .values([
        {
          organizationId: org.id,
          status: 'new',
          counterpartyName: 'Papierwerk Süd',
          invoiceNumber: 'XZ-4711',
          totalAmount: 123_456,
          counterpartyId,
          date: '2025-06-15',
          dueDate: '2025-07-15',
        },
        { organizationId: org.id, status: 'new', counterpartyName: 'Runde Summe AG', totalAmount: 123_400, costCenterId },
        {
          organizationId: org.id,
          status: 'new',
          counterpartyName: 'Split KG',
          totalAmount: 5_000,
          documentFileName: 'Scan_Eingang_0815.pdf',
        },
      ])
      .returning({ id: invoices.id });
    await testApp.database.db
      .insert(invoiceSplits)
      .values({ organizationId: org.id, invoiceId: special[2]!.id, position: 0, amount: 5_000, costCenterId: splitCostCenterId });
  });
  afterAll(async () => testApp.close());

  const list = async (query: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices?${query}`,
      headers: browser(org.admin.cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: InvoiceListItem[]; nextCursor: string | null; counts: Record<string, number> }>();
  };
  const names = async (query: string) => (await list(query)).items.map((item) => item.counterpartyName).sort();

  it('shows each tab with its statuses and counts every tab in one answer', async () => {
    const first = await list('tab=new&limit=5');
    expect(first.counts).toEqual({
      new: NEW_COUNT + 3,
      'my-approvals': 0,
      'all-approvals': 3,
      rejected: 2,
      approved: 4,
    });
    expect(first.items).toHaveLength(5);
    const archive = (await list('tab=archive')).items;
    expect(archive.map((item) => item.status).sort()).toEqual(['archived', 'cancelled', 'cancelled']);
    expect(archive.map((item) => item.cancelReason).sort()).toEqual(['Doppelt', 'Doppelt', null]);
    expect((await list('tab=all-approvals')).items.every((item) => item.status === 'in_approval')).toBe(true);
    expect((await list('tab=approved')).items).toHaveLength(4);
    expect((await list('tab=rejected')).items).toHaveLength(2);
    expect((await list('tab=my-approvals')).items).toEqual([]);
  });

  it.each(INVOICE_SORT_FIELDS.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => ({ sort, direction }))))(
    'pages through every row once, sorted by $sort $direction with empty values last',
    async ({ sort, direction }) => {
      const seen: InvoiceListItem[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`tab=new&sort=${sort}&direction=${direction}&limit=17${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      expect(pages).toBe(Math.ceil((NEW_COUNT + 3) / 17));
      expect(new Set(seen.map((item) => item.id)).size).toBe(NEW_COUNT + 3);
      const values = seen.map((item) => item[sort]);
      const firstNull = values.indexOf(null);
      if (firstNull >= 0) expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
      const present = (firstNull >= 0 ? values.slice(0, firstNull) : values) as (string | number)[];
      if (sort !== 'counterpartyName' && sort !== 'invoiceNumber') {
        const ordered = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(present).toEqual(direction === 'asc' ? ordered : ordered.reverse());
      }
    },
  );

  it.each(
    (['dueDate', 'date', 'totalAmount'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map((direction) => ({ sort, direction })),
    ),
  )(
    'pages through the matches of a search once, sorted by $sort $direction with empty values last',
    async ({ sort, direction }) => {
      const seen: InvoiceListItem[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(
          `tab=new&sort=${sort}&direction=${direction}&limit=13&search=lieferant${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      const named = Array.from({ length: NEW_COUNT }, (_, i) => i).filter((i) => i % 9 !== 0).length;
      expect(new Set(seen.map((item) => item.id)).size).toBe(named);
      expect(seen.every((item) => item.counterpartyName?.startsWith('lieferant-'))).toBe(true);
      const values = seen.map((item) => item[sort]);
      const firstNull = values.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
      const present = values.slice(0, firstNull) as (string | number)[];
      const ordered = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(present).toEqual(direction === 'asc' ? ordered : ordered.reverse());
    },
  );

  it('merges the statuses of the archive tab page by page, with a search too', async () => {
    for (const search of ['', '&search=other-']) {
      for (const sort of ['dueDate', 'createdAt', 'counterpartyName'] as const) {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(`tab=archive&sort=${sort}&limit=1${search}${cursor ? `&cursor=${cursor}` : ''}`);
          ids.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
        } while (cursor && ids.length < 10);
        expect(new Set(ids).size, `${sort}${search}`).toBe(3);
        expect(ids).toHaveLength(3);
      }
    }
  });

  it('pages through a search with filters in due-date order: the filters apply before the page is cut', async () => {
    // Without filters the page is cut from the matches' due dates (migration 0043); a filter needs
    // the invoice row, so each match is fetched first. Both answer what the filters leave.
    const expected = (await list('tab=new&sort=dueDate&limit=200&search=lieferant')).items
      .filter((item) => item.dueDate !== null && item.dueDate >= '2026-11-01' && (item.totalAmount ?? 0) >= 5_000)
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        `tab=new&sort=dueDate&limit=4&search=lieferant&dueFrom=2026-11-01&amountMin=5000${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length === 4 || page.nextCursor === null).toBe(true);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 200);
    expect(seen).toEqual(expected);
  });

  it('searches counterparty name, invoice number and amounts written the German or English way', async () => {
    expect(await names('search=papierwerk')).toEqual(['Papierwerk Süd']);
    expect(await names('search=summe')).toEqual(['Runde Summe AG']); // unlinked: by the name written on it
    expect(await names('search=xz-47')).toEqual(['Papierwerk Süd']);
    expect(await names('search=1.234,56')).toEqual(['Papierwerk Süd']);
    expect(await names('search=1234.56')).toEqual(['Papierwerk Süd']);
    expect(await names('search=1,234.56')).toEqual(['Papierwerk Süd']);
    expect(await names('search=1234')).toEqual(['Runde Summe AG']);
    expect(await names('search=100%25')).toEqual([]);
  });

  it('finds an invoice by its document file name, in part and in any case (migration 0053)', async () => {
    expect(await names('search=scan_eingang')).toEqual(['Split KG']); // the cached path (five characters and more)
    expect(await names('search=0815')).toEqual(['Split KG']); // the short path
    expect(await names('search=SCAN_EINGANG_0815.PDF&sort=date')).toEqual(['Split KG']);
    expect(await names('search=scan-eingang')).toEqual([]); // "_" is a character here, not LIKE's wildcard
  });

  it('sorts and searches counterparty names as a German reader does: any case, Ö as O', async () => {
    const written = ['Zeta AG', 'ÖKO Strom', 'müller gmbh', 'Alpha KG', 'MÜLLER Bau', 'Obst Handel'];
    const folk = await createOrganizationWithAdmin(testApp, 'Namen GmbH');
    await testApp.database.db
      .insert(invoices)
      .values(written.map((counterpartyName) => ({ organizationId: folk.id, status: 'new' as const, counterpartyName })));
    const listFolk = async (query: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/invoices?tab=new&${query}`,
        headers: browser(folk.admin.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: InvoiceListItem[]; nextCursor: string | null }>();
    };
    const ascending = ['Alpha KG', 'MÜLLER Bau', 'müller gmbh', 'Obst Handel', 'ÖKO Strom', 'Zeta AG'];
    // Page by page, so the keyset cursor carries the folded name.
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const page = await listFolk(`sort=counterpartyName&direction=asc&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.counterpartyName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ascending);
    const descending = await listFolk('sort=counterpartyName&direction=desc');
    expect(descending.items.map((item) => item.counterpartyName)).toEqual([...ascending].reverse());
    for (const term of ['müller', 'MULLER', 'Müller']) {
      const found = await listFolk(`sort=counterpartyName&search=${encodeURIComponent(term)}`);
      expect(
        found.items.map((item) => item.counterpartyName),
        term,
      ).toEqual(['MÜLLER Bau', 'müller gmbh']);
    }
    expect((await listFolk(`search=${encodeURIComponent('öko')}`)).items.map((item) => item.counterpartyName)).toEqual([
      'ÖKO Strom',
    ]);
  });

  it('filters by dates, counterparty, amount range and cost centre (including split lines)', async () => {
    expect(await names('dateFrom=2025-06-01&dateTo=2025-06-30')).toEqual(['Papierwerk Süd']);
    expect(await names('dueFrom=2025-07-01&dueTo=2025-07-31')).toEqual(['Papierwerk Süd']);
    expect(await names(`counterpartyId=${counterpartyId}`)).toEqual(['Papierwerk Süd']);
    expect(await names('amountMin=123000&amountMax=124000')).toEqual(['Papierwerk Süd', 'Runde Summe AG']);
    expect(await names(`costCenterId=${costCenterId}`)).toEqual(['Runde Summe AG']);
    expect(await names(`costCenterId=${splitCostCenterId}`)).toEqual(['Split KG']);
  });

  it('refuses a cursor that was not made for this sort, or is not a cursor', async () => {
    const { nextCursor } = await list('tab=new&sort=dueDate&limit=5');
    for (const query of [`sort=date&cursor=${nextCursor}`, 'cursor=bm90LWEtY3Vyc29y']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/invoices?${query}`,
        headers: browser(org.admin.cookie),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ cursor: ['This value is not valid.'] });
    }
  });

  it('lists an invoice found by both its counterparty and its number once', async () => {
    const [both] = await testApp.database.db
      .insert(invoices)
      .values({
        organizationId: org.id,
        status: 'new',
        counterpartyName: 'Papierwerk Nord',
        invoiceNumber: 'PAPIERWERK-7',
        counterpartyId,
      })
      .returning({ id: invoices.id });
    try {
      const ids = (await list('search=papierwerk')).items.map((item) => item.id);
      expect(ids).toHaveLength(2);
      expect(ids).toContain(both!.id);
    } finally {
      await testApp.database.pool.query('delete from invoices where id = $1', [both!.id]);
    }
  });

  it('filters by a KOST2 cost centre too, on the invoice or a split line', async () => {
    const kost2 = randomUUID();
    const [own, split] = await testApp.database.db
      .insert(invoices)
      .values([
        { organizationId: org.id, status: 'new', counterpartyName: 'Projekt Nord GmbH', totalAmount: 700, costCenter2Id: kost2 },
        { organizationId: org.id, status: 'new', counterpartyName: 'Projekt Süd GmbH', totalAmount: 800 },
      ])
      .returning({ id: invoices.id });
    await testApp.database.db
      .insert(invoiceSplits)
      .values({ organizationId: org.id, invoiceId: split!.id, position: 0, amount: 800, costCenter2Id: kost2 });
    expect(await names(`costCenterId=${kost2}`)).toEqual(['Projekt Nord GmbH', 'Projekt Süd GmbH']);
    await testApp.database.db.delete(invoiceSplits).where(eq(invoiceSplits.invoiceId, split!.id));
    await testApp.database.db.delete(invoices).where(inArray(invoices.id, [own!.id, split!.id]));
  });

  it("finds invoices by their counterparty's name through its suffixes, past 32 characters and with quotes too (migration 0042)", async () => {
    const suffixes = await createOrganizationWithAdmin(testApp, 'Suffix Rechnungen GmbH');
    const written = ['Internationale Speditionsgesellschaft Nordrhein-Westfalen mbH', "Kaffeerösterei O'Brien & Söhne"];
    const linked = await testApp.database.db
      .insert(counterparties)
      .values(written.map((name) => ({ organizationId: suffixes.id, name })))
      .returning({ id: counterparties.id, name: counterparties.name });
    // The name on the invoice differs: a linked invoice is found by its counterparty's name.
    await testApp.database.db.insert(invoices).values(
      linked.map((row) => ({
        organizationId: suffixes.id,
        status: 'new' as const,
        counterpartyId: row.id,
        counterpartyName: 'abweichend',
      })),
    );
    const search = async (term: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/invoices?tab=new&search=${encodeURIComponent(term)}`,
        headers: browser(suffixes.admin.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: InvoiceListItem[] }>().items.map((item) => item.counterpartyName);
    };
    expect(await search('Speditionsgesellschaft Nordrhein-Westfalen')).toEqual(['abweichend']);
    expect(await search('Speditionsgesellschaft Nordrhein-Pfalz')).toEqual([]);
    expect(await search("RÖSTEREI O'BRIEN")).toEqual(['abweichend']);
    expect(await search("o'brien % söhne")).toEqual([]);
  });

  it('searches through GIN indexes (trigrams, name suffixes) without a pending list that every search would read (migrations 0029, 0042, 0053, 0056)', async () => {
    const { rows } = await testApp.database.pool.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_index x join pg_class c on c.oid = x.indexrelid
        join pg_am a on a.oid = c.relam where a.amname = 'gin' order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'bank_transactions_search_trgm',
      'counterparties_name_suffixes_idx',
      'counterparties_search_name_trgm',
      'invoices_document_file_name_trgm',
      'invoices_number_trgm',
      'invoices_unlinked_name_trgm',
    ]);
    expect(rows.every((row) => row.options?.includes('fastupdate=off'))).toBe(true);
  });
});
