import { describe, expect, it } from 'vitest';
import { withinOneEdit } from './edit-distance';
import { hashText, hashTextWithout } from './hash';
import { NameSimilarity, nameWords } from './name-similarity';
import { foldSearchText, normalizeReference, referenceDigits, tokenize } from './text';

describe('foldSearchText (the SQL counterparty_search_text)', () => {
  it.each([
    ['MÜLLER Straße', 'muller strasse'],
    ['Société Générale', 'societe generale'],
    ['Łódź Øresund Đorđe', 'lodz oresund dorde'],
    ['Æther Œuvre', 'aether oeuvre'],
    ['Plain ASCII Name GmbH', 'plain ascii name gmbh'],
    ['', ''],
  ])('%s → %s', (input, folded) => {
    expect(foldSearchText(input)).toBe(folded);
  });
});

describe('references', () => {
  it('are compared as letters and digits, upper case', () => {
    expect(normalizeReference('re-2024/017')).toBe('RE2024017');
    expect(normalizeReference('Rg. Nr. ÄB 1')).toBe('RGNRAB1');
    expect(referenceDigits('RE2024017')).toBe('2024017');
  });

  it('tokens keep their place in the original text', () => {
    const text = 'Rg. RE-2024/0l7, Straße 5';
    const tokens = tokenize(text);
    expect(tokens.map((token) => token.text)).toEqual(['RG', 'RE', '2024', '0L7', 'STRASSE', '5']);
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual(['Rg', 'RE', '2024', '0l7', 'Straße', '5']);
    expect(tokens.map((token) => token.digits)).toEqual([0, 0, 4, 2, 0, 1]);
  });

  it.each([
    ['RE2024017', 'RE2024017', true],
    ['RE20240L7', 'RE2024017', true],
    ['RE202417', 'RE2024017', true],
    ['RE20240017', 'RE2024017', true],
    ['RE2024071', 'RE2024017', true],
    ['RE2024018', 'RE2024017', true],
    ['RE2024081', 'RE2024017', false],
    ['ABC', 'BCD', false],
    ['RE2024', 'RE2024017', false],
  ])('%s is within one edit of %s: %s', (a, b, within) => {
    expect(withinOneEdit(a, b)).toBe(within);
    expect(withinOneEdit(b, a)).toBe(within);
  });

  it('a deletion hash equals the hash of the shortened text', () => {
    expect(hashTextWithout('RE2024017', 3)).toBe(hashText('RE224017'));
    expect(hashTextWithout('RE2024017', 0)).toBe(hashText('E2024017'));
  });
});

describe('name similarity', () => {
  const names = new NameSimilarity();
  it('sees through the bank’s spelling and legal forms', () => {
    expect(nameWords('Müller Bau GmbH & Co. KG')).toEqual(['muller', 'bau']);
    expect(names.score('MUELLER BAU GMBH', 'Müller Bau GmbH')).toBe(1);
    expect(names.score('Mueller Bau', 'Müller Bau GmbH & Co. KG')).toBe(1);
    expect(names.score('SCHMIDT ELEKTRO', 'Müller Bau GmbH')).toBeLessThan(0.2);
    expect(names.score(null, 'Müller Bau GmbH')).toBe(0);
  });
});
