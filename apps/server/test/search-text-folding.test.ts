import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * counterparty_search_text (migrations 0032, 0047): the stored search names and their indexes rely
 * on it giving the same text for the same input, so the ASCII fast path must fold exactly as the
 * full path does.
 */
describe('counterparty_search_text', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  const fullPath = `normalize(regexp_replace(normalize(replace(replace(replace(translate(lower(t COLLATE pg_c_utf8), 'łøđ', 'lod'),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), NFD), '[\\u0300-\\u036f]', '', 'g'), NFC) COLLATE "default"`;

  async function foldedBothWays(texts: string[]) {
    const { rows } = await testDb.database.pool.query<{ t: string; folded: string; full: string }>(
      `select t, counterparty_search_text(t) as folded, ${fullPath} as full from unnest($1::text[]) as t`,
      [texts],
    );
    return rows;
  }

  it('folds every ASCII character as the full path does', async () => {
    const ascii = Array.from({ length: 127 }, (_, index) => String.fromCharCode(index + 1));
    const rows = await foldedBothWays([
      ...ascii,
      ascii.join(''),
      'MÜLLER'.slice(0, 2),
      'Huber Logistik GmbH & Co. KG',
      'DE100012',
    ]);
    for (const row of rows) expect(row.folded).toBe(row.full);
    expect(rows.find((row) => row.t === 'Huber Logistik GmbH & Co. KG')?.folded).toBe('huber logistik gmbh & co. kg');
  });

  it('still folds umlauts, accents, ß and the letters that do not decompose', async () => {
    const rows = await foldedBothWays(['MÜLLER Straße', 'Société Générale', 'Łódź Œuvre Æther Øresund Đakovo', 'Ärger mit Ölen']);
    expect(rows.map((row) => row.folded)).toEqual([
      'muller strasse',
      'societe generale',
      'lodz oeuvre aether oresund dakovo',
      'arger mit olen',
    ]);
    for (const row of rows) expect(row.folded).toBe(row.full);
  });

  it('answers null for null', async () => {
    const { rows } = await testDb.database.pool.query<{ folded: string | null }>(
      'select counterparty_search_text(null) as folded',
    );
    expect(rows[0]!.folded).toBeNull();
  });
});
