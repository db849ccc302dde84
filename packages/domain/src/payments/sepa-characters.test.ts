import { describe, expect, it } from 'vitest';
import { isSepaIdentifier, isSepaText, toSepaField, toSepaText } from './sepa-characters';

describe('toSepaText', () => {
  it('spells German umlauts and ß out', () => {
    expect(toSepaText('Müller Bäckerei Größe')).toBe('Mueller Baeckerei Groesse');
    expect(toSepaText('ÄÖÜ äöü ß')).toBe('AeOeUe aeoeue ss');
  });

  it('drops accents and maps other Latin letters', () => {
    expect(toSepaText('Café Renée Čapek Łódź Øresund Æbelø')).toBe('Cafe Renee Capek Lodz Oresund AEbelo');
  });

  it('maps & to + and replaces anything else outside the set with a space', () => {
    expect(toSepaText('Smith & Söhne <GmbH> "Nord"; 50% @home #1 €')).toBe("Smith + Soehne GmbH 'Nord' 50 home 1 EUR");
  });

  it('keeps every allowed character unchanged', () => {
    const allowed = "abcXYZ 0123456789 / - ? : ( ) . , ' +";
    expect(toSepaText(allowed)).toBe(allowed);
    expect(isSepaText(allowed)).toBe(true);
  });

  it('cuts to the field length after transliteration', () => {
    expect(toSepaField('Ä'.repeat(40), 70)).toHaveLength(70);
    expect(toSepaField('ab  cd', 3)).toBe('ab');
  });
});

describe('isSepaIdentifier', () => {
  it('accepts 1 to 35 SEPA characters', () => {
    expect(isSepaIdentifier('E2E-2026/11+A')).toBe(true);
    expect(isSepaIdentifier('X'.repeat(35))).toBe(true);
  });

  it.each(['', 'X'.repeat(36), 'RE_1', 'Zahlung-ü', '/start', 'end/', 'a//b', ' padded'])('refuses %j', (id) => {
    expect(isSepaIdentifier(id)).toBe(false);
  });
});
