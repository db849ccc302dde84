import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeCp1252 } from '../cp1252';
import { fixtureOrNull } from '../../sepa-credit-transfer/fixtures-path';
import { readDatevFile } from './read-datev-file';

const bookingsFile = fixtureOrNull('datev/ledermann-datev/EXTF_Buchungsstapel.csv', 'DATEV reader conformance');
const accountsFile = fixtureOrNull('datev/ledermann-datev/EXTF_Kontenbeschriftungen.csv', 'DATEV reader conformance');
const masterFile = fixtureOrNull('datev/ledermann-datev/EXTF_Stammdaten.csv', 'DATEV reader conformance');

describe('readDatevFile over the ledermann fixtures', () => {
  it.skipIf(!bookingsFile)('reads the Buchungsstapel: category 21, version 9, 120 headings, 2 bookings', () => {
    const file = readDatevFile(readFileSync(bookingsFile!));
    expect(file.header.fields).toHaveLength(31);
    expect(file.header).toMatchObject({
      kennzeichen: 'EXTF',
      versionsnummer: 700,
      formatkategorie: 21,
      formatname: 'Buchungsstapel',
      formatversion: 9,
      erzeugtAm: '20180306102500000',
      beraternummer: 1001,
      mandantennummer: 456,
      wjBeginn: '20180101',
      sachkontenlaenge: 4,
      datumVon: '20180201',
      datumBis: '20180228',
      bezeichnung: 'Beispiel-Buchungen',
      waehrung: 'EUR',
      festschreibung: 0,
    });
    expect(file.headings).toHaveLength(120);
    expect(file.headings[7]).toBe('Gegenkonto (ohne BU-Schlüssel)');
    expect(file.records).toHaveLength(2);
    expect(file.records[0]).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '24,95',
      'Soll/Haben-Kennzeichen': 'H',
      Konto: '1200',
      'Gegenkonto (ohne BU-Schlüssel)': '4940',
      'BU-Schlüssel': '8',
      Belegdatum: '2102',
      Buchungstext: 'Fachbuch: Controlling für Dummies',
    });
    expect(file.records[1]).toMatchObject({ 'Umsatz (ohne Soll/Haben-Kz)': '5950,00', 'Soll/Haben-Kennzeichen': 'S' });
    expect(file.records[1]).toMatchObject({ 'Belegfeld 1': 'RE201802-135', Buchungstext: 'Honorar FiBu-Seminar' });
  });

  it.skipIf(!accountsFile)('reads the Kontenbeschriftungen: category 20', () => {
    const file = readDatevFile(readFileSync(accountsFile!));
    expect(file.header.fields).toHaveLength(31);
    expect(file.header).toMatchObject({ formatkategorie: 20, formatname: 'Kontenbeschriftungen', formatversion: 2 });
    expect(file.headings).toEqual(['Konto', 'Kontenbeschriftung', 'Sprach-ID']);
    expect(file.records[0]).toEqual({ Konto: '400', Kontenbeschriftung: 'Betriebsausstattung', 'Sprach-ID': 'de-DE' });
  });

  it.skipIf(!masterFile)('reads the Stammdaten: category 16 with umlauts decoded', () => {
    const file = readDatevFile(readFileSync(masterFile!));
    expect(file.header).toMatchObject({ formatkategorie: 16, formatname: 'Debitoren/Kreditoren', formatversion: 5 });
    expect(file.headings[3]).toBe('Name (Adressatentyp natürl. Person)');
    const sabine = file.records.find((record) => record.Konto === '10000');
    expect(sabine).toMatchObject({ Ort: 'Köln', Postleitzahl: '50999', 'Vorname (Adressatentyp natürl. Person)': 'Sabine' });
    expect(file.records.find((record) => record.Konto === '70001')?.['Name (Adressatentyp Unternehmen)']).toBe('Meyer GmbH');
  });
});

describe('readDatevFile', () => {
  it('honours quotes, doubled quotes and ; inside quotes', () => {
    const text = '"EXTF";700;21;"Buchungsstapel";13\r\nA;B;C\r\n"x;y";"say ""hi""";1\r\n';
    const file = readDatevFile(encodeCp1252(text));
    expect(file.records).toEqual([{ A: 'x;y', B: 'say "hi"', C: '1' }]);
  });

  it('refuses a file that is not DATEV', () => {
    expect(() => readDatevFile(encodeCp1252('satzart;konto\r\n0;1\r\n'))).toThrow(/file_unreadable/);
  });
});
