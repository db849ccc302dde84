import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addMonthsIso,
  todayIso,
  type TransactionDashboard,
  type TransactionListItem,
  type TransactionListResponse,
} from '@kontor/domain';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { IBANS, insertCounterparty, insertRun, insertTransaction } from './transactions-fixtures';

// Calendar days, as the server counts them (instants would shift a day around a DST change).
const inDays = (days: number) => addDaysIso(todayIso(), days);

describe('transaction list and dashboard', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  async function organisationWithPayer(): Promise<{ org: TestOrganization; payer: TestUser }> {
    const org = await createOrganizationWithAdmin(testApp);
    return { org, payer: await addMember(testApp, org.id, ['payment_runs:manage']) };
  }

  describe('GET /api/transactions', () => {
    let org: TestOrganization;
    let payer: TestUser;
    let runId: string;
    let counterpartyId: string;

    beforeAll(async () => {
      ({ org, payer } = await organisationWithPayer());
      runId = (await insertRun(testApp, org.id, { status: 'draft' })).id;
      counterpartyId = (await insertCounterparty(testApp, org.id, { name: 'Stadtwerke' })).id;
      const rows = [
        {
          creditorName: 'Bürobedarf Schulz',
          amount: 123_456,
          requestedExecutionDate: inDays(1),
          remittanceInformation: 'RE 2026-17',
        },
        {
          creditorName: 'Stadtwerke Nord',
          amount: 8_900,
          requestedExecutionDate: inDays(2),
          counterpartyId,
          creditorIban: IBANS.other,
        },
        { creditorName: 'Anwalt Weber', amount: 50_000, requestedExecutionDate: inDays(3), analysisStatus: 'blocked' as const },
        {
          creditorName: 'Druckerei Kunz',
          amount: 20_000,
          requestedExecutionDate: inDays(4),
          status: 'planned' as const,
          paymentRunId: runId,
        },
        {
          creditorName: 'Druckerei Kunz',
          amount: 20_001,
          requestedExecutionDate: inDays(5),
          status: 'cancelled_archived' as const,
        },
        { creditorName: 'Kanzlei Roth', amount: 7_700, requestedExecutionDate: inDays(6), status: 'archived' as const },
      ];
      for (const values of rows) await insertTransaction(testApp, org.id, values);
    });

    const list = async (query: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/transactions?${query}`,
        headers: browser(payer.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TransactionListResponse>();
    };
    const names = (page: TransactionListResponse) => page.items.map((item) => item.creditorName);

    it('shows each view with its statuses, by execution date, with totals over the matches', async () => {
      const open = await list('');
      expect(names(open)).toEqual(['Bürobedarf Schulz', 'Stadtwerke Nord', 'Anwalt Weber']);
      expect(open.totals).toEqual({ count: 3, amount: 123_456 + 8_900 + 50_000 });
      const inRun = await list('view=in_run');
      expect(inRun.items).toHaveLength(1);
      expect(inRun.items[0]).toMatchObject({ status: 'planned', paymentRun: { id: runId, status: 'draft' } });
      expect(names(await list('view=archived'))).toEqual(['Druckerei Kunz', 'Kanzlei Roth']);
      expect((await list('view=all')).totals.count).toBe(6);
      expect((await list('view=exported')).items).toEqual([]);
    });

    it('filters by status, analysis, dates, amounts, counterparty and run', async () => {
      expect(names(await list('view=archived&status=cancelled_archived'))).toEqual(['Druckerei Kunz']);
      // A status outside the view matches nothing.
      expect((await list('view=open&status=archived')).totals.count).toBe(0);
      expect(names(await list('analysis=blocked'))).toEqual(['Anwalt Weber']);
      expect(names(await list(`view=all&executionFrom=${inDays(2)}&executionTo=${inDays(4)}`))).toEqual([
        'Stadtwerke Nord',
        'Anwalt Weber',
        'Druckerei Kunz',
      ]);
      expect(names(await list('view=all&amountMin=20000&amountMax=50000'))).toEqual([
        'Anwalt Weber',
        'Druckerei Kunz',
        'Druckerei Kunz',
      ]);
      expect(names(await list(`counterpartyId=${counterpartyId}`))).toEqual(['Stadtwerke Nord']);
      expect(names(await list(`view=all&paymentRunId=${runId}`))).toEqual(['Druckerei Kunz']);
    });

    it('searches creditor name, IBAN (with spaces), remittance, end-to-end id and the exact amount', async () => {
      expect(names(await list('search=b%C3%BCro'))).toEqual(['Bürobedarf Schulz']);
      // Folded like names everywhere: any case beyond ASCII, umlauts as their letter.
      for (const term of ['BÜRO', 'buro', 'BURO']) {
        expect(names(await list(`search=${encodeURIComponent(term)}`)), term).toEqual(['Bürobedarf Schulz']);
      }
      expect(names(await list(`search=${encodeURIComponent('DE44 5001')}`))).toEqual(['Stadtwerke Nord']);
      expect(names(await list('search=2026-17'))).toEqual(['Bürobedarf Schulz']);
      expect(names(await list(`search=${encodeURIComponent('1.234,56')}`))).toEqual(['Bürobedarf Schulz']);
      expect(names(await list('search=1234.56'))).toEqual(['Bürobedarf Schulz']);
      const weber = (await list('search=weber')).items[0]!;
      expect(names(await list(`search=${weber.endToEndId.slice(5, 20)}`))).toEqual(['Anwalt Weber']);
    });

    it('pages by the chosen sort with a cursor; the totals stay those of every match', async () => {
      const all: TransactionListItem[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: TransactionListResponse = await list(
          `view=all&sort=amount&order=desc&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.totals.count).toBe(6);
        all.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(all.map((item) => item.amount)).toEqual([123_456, 50_000, 20_001, 20_000, 8_900, 7_700]);

      const byName: string[] = [];
      cursor = null;
      do {
        const page: TransactionListResponse = await list(
          `view=all&sort=creditorName&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        byName.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(byName).toHaveLength(6);
      expect(byName[0]).toBe('Anwalt Weber');

      const byCreation = await list('view=all&sort=createdAt&order=desc&limit=5');
      const rest = await list(`view=all&sort=createdAt&order=desc&limit=5&cursor=${encodeURIComponent(byCreation.nextCursor!)}`);
      expect(new Set([...byCreation.items, ...rest.items].map((item) => item.id)).size).toBe(6);
    });

    it('refuses a cursor it did not make', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/transactions?cursor=bm9wZQ',
        headers: browser(payer.cookie),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.cursor).toBeDefined();
    });
  });

  describe('GET /api/transactions/dashboard', () => {
    it('counts what is due within 7 days, the paid volume of 10 months and the range figures', async () => {
      const { org, payer } = await organisationWithPayer();
      const today = todayIso();
      const firstOfMonth = `${today.slice(0, 7)}-01`;
      const draftRun = await insertRun(testApp, org.id, { status: 'draft' });
      const exportedRun = await insertRun(testApp, org.id, { status: 'exported', exportFileKey: 'runs/x.xml' });
      const exported = (date: string, amount: number) =>
        insertTransaction(testApp, org.id, {
          status: 'exported',
          paymentRunId: exportedRun.id,
          exportedAt: new Date(),
          requestedExecutionDate: date,
          amount,
        });
      await insertTransaction(testApp, org.id, { requestedExecutionDate: inDays(3), amount: 100, analysisStatus: 'warning' });
      await insertTransaction(testApp, org.id, {
        requestedExecutionDate: inDays(-2),
        amount: 200,
        status: 'planned',
        paymentRunId: draftRun.id,
      });
      await insertTransaction(testApp, org.id, { requestedExecutionDate: inDays(8), amount: 400 });
      await insertTransaction(testApp, org.id, { requestedExecutionDate: today, amount: 800, status: 'archived' });
      await exported(firstOfMonth, 1_000);
      await exported(`${addMonthsIso(firstOfMonth, -2).slice(0, 7)}-15`, 500);
      await exported(`${addMonthsIso(firstOfMonth, -2).slice(0, 7)}-15`, 500);
      await exported(`${addMonthsIso(firstOfMonth, -11).slice(0, 7)}-15`, 9_999);

      const get = async (range: string) => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/transactions/dashboard?range=${range}`,
          headers: browser(payer.cookie),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TransactionDashboard>();
      };
      const dashboard = await get('30d');
      expect(dashboard.today).toBe(today);
      expect(dashboard.dueSoon).toMatchObject({ count: 2, amount: 300, overdueCount: 1 });
      expect(dashboard.dueSoon.items.map((item) => item.amount)).toEqual([200, 100]);

      expect(dashboard.volume).toHaveLength(10);
      expect(dashboard.volume[0]!.month).toBe(addMonthsIso(firstOfMonth, -9).slice(0, 7));
      expect(dashboard.volume[9]).toEqual({ month: today.slice(0, 7), amount: 1_000, count: 1 });
      expect(dashboard.volume[7]).toEqual({ month: addMonthsIso(firstOfMonth, -2).slice(0, 7), amount: 1_000, count: 2 });
      expect(dashboard.volume.reduce((sum, month) => sum + month.count, 0)).toBe(3);

      expect(dashboard.range).toMatchObject({
        to: today,
        exportedAmount: 1_000,
        exportedCount: 1,
        openAmount: 700,
        openCount: 3,
        flaggedCount: 1,
      });
      expect(dashboard.range.from).toBe(addDaysIso(today, -30));
      expect((await get('1y')).range).toMatchObject({ exportedAmount: 11_999, exportedCount: 4 });
    });
  });
});
