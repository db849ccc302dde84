import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../cp1252';
import { fixtureOrNull } from '../../sepa-credit-transfer/fixtures-path';
import { DATEV_BOOKING_COLUMNS, DATEV_COLUMN, DATEV_TEXT_COLUMN_POSITIONS } from './datev-columns';

const fixture = fixtureOrNull('datev/ledermann-datev/EXTF_Buchungsstapel.csv', 'DATEV column conformance');

describe('DATEV_BOOKING_COLUMNS', () => {
  it('has the 125 columns of format version 13, all distinct', () => {
    expect(DATEV_BOOKING_COLUMNS).toHaveLength(125);
    expect(new Set(DATEV_BOOKING_COLUMNS).size).toBe(125);
  });

  it('places the fields Kontor fills where DATEV expects them (1-based)', () => {
    const position = (heading: string) => DATEV_BOOKING_COLUMNS.indexOf(heading) + 1;
    expect(position('Umsatz (ohne Soll/Haben-Kz)')).toBe(1);
    expect(position('Soll/Haben-Kennzeichen')).toBe(2);
    expect(position('WKZ Umsatz')).toBe(3);
    expect(position('Kurs')).toBe(4);
    expect(position('Basis-Umsatz')).toBe(5);
    expect(position('WKZ Basis-Umsatz')).toBe(6);
    expect(position('Konto')).toBe(7);
    expect(position('Gegenkonto (ohne BU-Schlüssel)')).toBe(8);
    expect(position('BU-Schlüssel')).toBe(9);
    expect(position('Belegdatum')).toBe(10);
    expect(position('Belegfeld 1')).toBe(11);
    expect(position('Belegfeld 2')).toBe(12);
    expect(position('Skonto')).toBe(13);
    expect(position('Buchungstext')).toBe(14);
    expect(position('Beleglink')).toBe(20);
    expect(position('KOST1 - Kostenstelle')).toBe(37);
    expect(position('KOST2 - Kostenstelle')).toBe(38);
    expect(position('Zusatzinformation - Art 1')).toBe(48);
    expect(position('Zusatzinformation- Inhalt 20')).toBe(87);
    expect(position('Buchungs GUID')).toBe(103);
    expect(position('Festschreibung')).toBe(114);
    expect(position('Leistungsdatum')).toBe(115);
    expect(position('Fälligkeit')).toBe(117);
    expect(position('Land')).toBe(120);
    expect(DATEV_BOOKING_COLUMNS.slice(120)).toEqual([
      'Abrechnungsreferenz',
      'BVV-Position',
      'EU-Land u. UStID (Ursprung)',
      'EU-Steuersatz (Ursprung)',
      'Abw. Skontokonto',
    ]);
    expect(DATEV_COLUMN.bookingGuid).toBe(102);
  });

  it.skipIf(!fixture)('quotes exactly the columns the v9 fixture quotes', () => {
    const lines = decodeCp1252(readFileSync(fixture!)).split('\r\n');
    for (const line of lines.slice(2).filter(Boolean)) {
      // The fixture's rows hold no `;` inside quotes, so a plain split shows which fields are quoted.
      const quoted = line
        .split(';')
        .map((field, index) => (field.startsWith('"') ? index + 1 : 0))
        .filter((position) => position > 0);
      expect(quoted).toEqual([...DATEV_TEXT_COLUMN_POSITIONS].filter((position) => position <= 120));
    }
  });
});
