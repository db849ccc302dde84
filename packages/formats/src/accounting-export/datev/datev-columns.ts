/**
 * The 125 columns of a DATEV Buchungsstapel, format version 13, spelled as DATEV's own v13 sample
 * spells them (including its "Zusatzinformation- Inhalt" without the space). Version 9 had the
 * first 120 under older names; version 13 appended the last five.
 */

function pairs(kind: string, content: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => [`${kind} ${index + 1}`, `${content} ${index + 1}`]).flat();
}

export const DATEV_BOOKING_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...pairs('Beleginfo - Art', 'Beleginfo - Inhalt', 8),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...pairs('Zusatzinformation - Art', 'Zusatzinformation- Inhalt', 20),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The 1-based positions DATEV types as text: these are always written in quotes, an empty one as
 * `""`, the way DATEV's sample and the ledermann fixture write them (a test compares with the
 * fixture). Every other column is a number or a date and stays bare.
 */
export const DATEV_TEXT_COLUMN_POSITIONS: ReadonlySet<number> = new Set([
  2,
  3,
  6,
  9,
  11,
  12,
  14,
  16,
  ...range(20, 38),
  40,
  42,
  ...range(48, 87),
  91,
  95,
  96,
  98,
  102,
  103,
  105,
  107,
  109,
  110,
  112,
  118,
  120,
  121,
  123,
]);

function indexOf(heading: string): number {
  const index = DATEV_BOOKING_COLUMNS.indexOf(heading);
  if (index < 0) throw new Error(`DATEV column ${heading} missing`);
  return index;
}

/** 0-based indexes of the columns Kontor fills, looked up by heading so the list above stays the one source. */
export const DATEV_COLUMN = {
  amount: indexOf('Umsatz (ohne Soll/Haben-Kz)'),
  side: indexOf('Soll/Haben-Kennzeichen'),
  currency: indexOf('WKZ Umsatz'),
  exchangeRate: indexOf('Kurs'),
  baseAmount: indexOf('Basis-Umsatz'),
  baseCurrency: indexOf('WKZ Basis-Umsatz'),
  account: indexOf('Konto'),
  contraAccount: indexOf('Gegenkonto (ohne BU-Schlüssel)'),
  taxKey: indexOf('BU-Schlüssel'),
  documentDate: indexOf('Belegdatum'),
  documentNumber: indexOf('Belegfeld 1'),
  documentNumber2: indexOf('Belegfeld 2'),
  discount: indexOf('Skonto'),
  text: indexOf('Buchungstext'),
  documentLink: indexOf('Beleglink'),
  costCenter1: indexOf('KOST1 - Kostenstelle'),
  costCenter2: indexOf('KOST2 - Kostenstelle'),
  bookingGuid: indexOf('Buchungs GUID'),
  locked: indexOf('Festschreibung'),
  serviceDate: indexOf('Leistungsdatum'),
  dueDate: indexOf('Fälligkeit'),
} as const;
