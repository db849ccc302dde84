/**
 * The SEPA (EPC) basic Latin character set: a-z A-Z 0-9 / - ? : ( ) . , ' + space.
 * Banks reject or mangle anything else, so free text (names, remittance) is transliterated
 * and identifiers (which must match on the bank statement) are checked instead.
 */

const ALLOWED = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;
const NOT_ALLOWED = /[^a-zA-Z0-9/\-?:().,'+ ]/g;

/** Explicit spellings first: German umlauts expand (ä→ae), which Unicode decomposition would not. */
const EXPLICIT: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  å: 'a',
  Å: 'A',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': '+',
  _: '-',
  '"': "'",
  '’': "'",
  '‘': "'",
  '´': "'",
  '`': "'",
  '–': '-',
  '—': '-',
  '„': "'",
  '“': "'",
  '”': "'",
  '€': 'EUR',
};

export function isSepaText(text: string): boolean {
  return ALLOWED.test(text);
}

/**
 * Transliterates to the SEPA character set: explicit table, then accents dropped via NFD
 * (é→e, č→c), anything still outside the set becomes a space; runs of spaces collapse.
 */
export function toSepaText(text: string): string {
  const spelled = Array.from(text, (char) => EXPLICIT[char] ?? char).join('');
  const unaccented = spelled.normalize('NFD').replace(/\p{M}/gu, '');
  return unaccented.replace(NOT_ALLOWED, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Transliterated and cut to the field's maximum (names 70, remittance 140). */
export function toSepaField(text: string, maxLength: number): string {
  return toSepaText(text).slice(0, maxLength).trimEnd();
}

/**
 * Identifiers (MsgId, EndToEndId): 1–35 SEPA characters, no leading or trailing '/' and no
 * '//' (EPC rule). They are not transliterated: the bank reports them back verbatim.
 */
export function isSepaIdentifier(id: string): boolean {
  return (
    id.length >= 1 &&
    id.length <= 35 &&
    ALLOWED.test(id) &&
    id.trim() === id &&
    !id.startsWith('/') &&
    !id.endsWith('/') &&
    !id.includes('//')
  );
}
