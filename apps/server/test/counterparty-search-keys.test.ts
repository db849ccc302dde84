import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Counterparty, CounterpartyListItem } from '@kontor/domain';
import { counterpartyBody, createCounterparty, useCounterpartyTestContext } from './counterparty-fixtures';

const IBAN_A = 'DE89370400440532013000';
const IBAN_B = 'DE02120300000000202051';
const IBAN_C = 'AT611904300234573201';

/**
 * counterparty_search_keys (migration 0045) is written only by triggers: after every kind of
 * change it must hold exactly what counterparty_search_keys_of derives from the sources, and a
 * search must find a counterparty by its current identifiers only.
 */
describe('counterparty search keys', () => {
  const ctx = useCounterpartyTestContext('Schlüssel GmbH');

  /** Rows stored but not derived, and derived but not stored, in the test organisation. */
  async function drift() {
    const result = await ctx.testApp.database.db.execute<{ side: string; key: string; search_name: string }>(sql`
      with derived as (
        select c.organization_id, k.key, c.search_name, c.id as counterparty_id
          from counterparties c cross join lateral counterparty_search_keys_of(c) k(key)
         where c.organization_id = ${ctx.org.id}),
      stored as (
        select organization_id, key, search_name, counterparty_id from counterparty_search_keys
         where organization_id = ${ctx.org.id})
      (select 'stored only' as side, key, search_name from (select * from stored except select * from derived) s)
      union all
      (select 'derived only', key, search_name from (select * from derived except select * from stored) d)`);
    return result.rows;
  }
  const keysOf = async (counterpartyId: string) =>
    (
      await ctx.testApp.database.db.execute<{ key: string }>(
        sql`select key from counterparty_search_keys where organization_id = ${ctx.org.id} and counterparty_id = ${counterpartyId} order by key`,
      )
    ).rows.map((row) => row.key);
  const found = async (search: string) => {
    const response = await ctx.call('GET', `/api/counterparties?search=${encodeURIComponent(search)}`, ctx.viewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: CounterpartyListItem[] }>().items.map((item) => item.name);
  };
  const edit = async (record: Counterparty, changes: Parameters<typeof counterpartyBody>[0]) => {
    const response = await ctx.call('PUT', `/api/counterparties/${record.id}`, ctx.clerk.cookie, {
      ...counterpartyBody({
        name: record.name,
        vatNumber: record.vatNumber,
        accountsPayableNumber: record.accountsPayableNumber,
        accountsReceivableNumber: record.accountsReceivableNumber,
        bankAccounts: record.bankAccounts.map(({ id, name, iban, bic }) => ({ id, name, iban, bic })),
        ...changes,
      }),
      version: record.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Counterparty>();
  };

  it('derives every VAT number and IBAN start from four characters, and the AP and AR numbers whole', async () => {
    const record = await createCounterparty(ctx.testApp, ctx.clerk.cookie, {
      name: 'Kern Metall GmbH',
      vatNumber: 'DE136695976',
      accountsPayableNumber: '70010',
      accountsReceivableNumber: '10010',
      bankAccounts: [{ name: 'Haupt', iban: IBAN_A, bic: null }],
    });
    const keys = await keysOf(record.id);
    const starts = (value: string) => Array.from({ length: value.length - 3 }, (_, index) => value.slice(0, index + 4));
    expect(keys).toEqual([...new Set([...starts('DE136695976'), ...starts(IBAN_A), '70010', '10010'])].sort());
    expect(await drift()).toEqual([]);
  });

  it('follows edits of the name, VAT number, numbers and bank accounts, a merge and a delete', async () => {
    let record = await createCounterparty(ctx.testApp, ctx.clerk.cookie, {
      name: 'Lange Papier KG',
      vatNumber: 'DE811569869',
      accountsPayableNumber: '70020',
      bankAccounts: [{ name: 'Haupt', iban: IBAN_B, bic: null }],
    });
    expect(await found('DE81156')).toEqual(['Lange Papier KG']);
    expect(await found('DE02 1203')).toEqual(['Lange Papier KG']);

    record = await edit(record, { name: 'Lange Druck KG', vatNumber: 'DE129273398', accountsPayableNumber: '70021' });
    expect(await drift()).toEqual([]);
    expect(await found('DE81156')).toEqual([]);
    expect(await found('DE12927')).toEqual(['Lange Druck KG']);
    expect(await found('70020')).toEqual([]);
    expect(await found('70021')).toEqual(['Lange Druck KG']);

    // Another IBAN, then the first one removed.
    record = await edit(record, { bankAccounts: [...record.bankAccounts, { name: 'Neben', iban: IBAN_C, bic: null }] });
    expect(await drift()).toEqual([]);
    expect(await found('AT61 1904')).toEqual(['Lange Druck KG']);
    record = await edit(record, { bankAccounts: record.bankAccounts.filter((account) => account.iban === IBAN_C) });
    expect(await drift()).toEqual([]);
    expect(await found('DE02 1203')).toEqual([]);

    // A merge moves the merged one's bank account to the survivor and deletes the merged one.
    const merged = await createCounterparty(ctx.testApp, ctx.clerk.cookie, {
      name: 'Lange Verpackung',
      vatNumber: 'DE282741168',
      bankAccounts: [{ name: 'Giro', iban: IBAN_B, bic: null }],
    });
    const response = await ctx.call('POST', '/api/counterparties/merge', ctx.clerk.cookie, {
      survivorId: record.id,
      mergedId: merged.id,
      survivorVersion: record.version,
      mergedVersion: merged.version,
      fieldChoices: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    record = response.json<Counterparty>();
    expect(await drift()).toEqual([]);
    expect(await keysOf(merged.id)).toEqual([]);
    expect(await found('DE02 1203')).toEqual(['Lange Druck KG']);
    expect(await found('DE28274')).toEqual([]);

    const deleted = await ctx.call('DELETE', `/api/counterparties/${record.id}?version=${record.version}`, ctx.clerk.cookie);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await keysOf(record.id)).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('keeps another organisation’s keys out of a search', async () => {
    await createCounterparty(ctx.testApp, ctx.foreign.admin.cookie, { name: 'Fremd Stahl AG', vatNumber: 'DE811569869' });
    expect(await found('DE81156')).toEqual([]);
  });
});
