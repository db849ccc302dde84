/**
 * Who issued the invoice and how to pay them: IBAN/BIC (validated), VAT IDs (EU patterns), tax
 * number, and the supplier's name and address. The supplier is the letterhead, the small sender
 * line above the address window, the account holder in the payment block, or the company in the
 * footer; the buyer is the address window / "Rechnungsempfänger" block.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { ExtractedAddress } from '../extracted-invoice.js';
import { BIC_LABEL, BUYER_LABEL, LEGAL_FORM, SELLER_LABEL, TAX_NUMBER_LABEL, TITLE_WORDS, VAT_ID_LABEL } from './labels-de-en.js';
import { cellBelow, type Line, nextNonEmpty, stripSeparators } from './lines.js';
import { isName, sellerBlockName } from './party-names.js';

export interface Candidate<T> {
  value: T;
  weight: number;
  line: number;
}

/** IBANs anywhere in the text (printed in groups of four or not), mod-97 checked. */
export function findIbans(lines: Line[], ocr: boolean): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(/\b[A-Z]{2}\s?\d{2}(?:\s?[A-Z0-9]){10,32}/g)) {
      let compact = m[0].replace(/\s/g, '');
      // OCR reads 0 as O and 1 as l/I in the numeric part; German BBANs are all digits.
      if (ocr && compact.startsWith('DE')) compact = 'DE' + compact.slice(2).replace(/O/g, '0').replace(/[Il]/g, '1');
      for (let len = Math.min(34, compact.length); len >= 15; len--) {
        const candidate = electronicFormatIBAN(compact.slice(0, len)) ?? '';
        if (isValidIBAN(candidate)) {
          const labelled = /\biban\b/i.test(line.text);
          out.push({ value: candidate, weight: labelled ? 0.97 : 0.85, line: line.index });
          break;
        }
      }
    }
  }
  return out;
}

export function findBics(lines: Line[]): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  for (const line of lines) {
    const label = BIC_LABEL.exec(line.text);
    if (!label) continue;
    const rest = line.text.slice(label.index + label[0].length);
    const m = /^[\s:.-]*(?:[^\sA-Z]*\s+)?([A-Z]{4}\s?[A-Z]{2}\s?[A-Z0-9]{2}(?:\s?[A-Z0-9]{3})?)\b/.exec(rest);
    const bic = m?.[1]?.replace(/\s/g, '');
    if (bic && isValidBIC(bic)) out.push({ value: bic, weight: 0.9, line: line.index });
  }
  return out;
}

/** EU VAT identification numbers by country (the checksums differ per country; the shape is enough here). */
const VAT_PATTERNS = [
  /DE\d{9}/,
  /ATU\d{8}/,
  /CHE\d{9}(?:MWST|TVA|IVA)?/,
  /FR[0-9A-HJ-NP-Z]{2}\d{9}/,
  /NL\d{9}B\d{2}/,
  /BE[01]\d{9}/,
  /LU\d{8}/,
  /IT\d{11}/,
  /ES[0-9A-Z]\d{7}[0-9A-Z]/,
  /PL\d{10}/,
  /CZ\d{8,10}/,
  /DK\d{8}/,
  /SE\d{12}/,
  /FI\d{8}/,
  /IE\d{7}[A-W][A-I]?/,
  /PT\d{9}/,
  /GB(?:\d{9}|\d{12})/,
  /EU\d{9}/,
];
const VAT_ANY = new RegExp(`(?<![A-Z0-9])(?:${VAT_PATTERNS.map((p) => p.source).join('|')})(?![A-Z0-9])`, 'g');

export interface VatCandidate extends Candidate<string> {
  buyer: boolean;
}

export function findVatIds(lines: Line[], ibans: string[]): VatCandidate[] {
  const out: VatCandidate[] = [];
  for (const line of lines) {
    const label = VAT_ID_LABEL.exec(line.text);
    // Collapse the spaces, dots and dashes people put inside VAT IDs ("DE 123 456 789", "CHE-123.456.789").
    const source = label ? line.text.slice(label.index + label[0].length) : line.text;
    const compact = source.toUpperCase().replace(/(?<=[A-Z0-9])[\s.-](?=[A-Z0-9])/g, '');
    for (const m of compact.matchAll(VAT_ANY)) {
      if (ibans.some((iban) => iban.includes(m[0]))) continue;
      out.push({ value: m[0], weight: label ? 0.95 : 0.75, line: line.index, buyer: isBuyerContext(lines, line.index) });
    }
  }
  return out;
}

export function findTaxNumbers(lines: Line[]): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  for (const line of lines) {
    const label = TAX_NUMBER_LABEL.exec(line.text);
    if (!label) continue;
    const rest = stripSeparators(line.text.slice(label.index + label[0].length));
    const m = /^(\d{2,3}\s?\/\s?\d{3,4}\s?\/\s?\d{4,5}|\d{3}[-\s]?\d{2,3}[-\s]?\d{2}[-\s]?\d{2,3}|\d{10,13})(?!\d)/.exec(rest);
    if (m?.[1]) out.push({ value: m[1].replace(/\s/g, ''), weight: 0.85, line: line.index });
  }
  return out;
}

/** True when a buyer label ("Rechnungsempfänger", "Bill to") is at most four lines above. */
export function isBuyerContext(lines: Line[], index: number): boolean {
  for (let i = index; i >= 0 && i >= index - 4; i--) {
    const text = lines[i]?.text ?? '';
    if (BUYER_LABEL.test(text.trim())) return true;
    if (i < index && SELLER_LABEL.test(text)) return false;
  }
  return /\b(?:ihre|your|kunden|customer|buyer)\b/i.test(lines[index]?.text ?? '');
}

const ZIP_CITY =
  /^(?:(?:D|A|CH|DE|AT)-?\s?)?(\d{4}\s?[A-Z]{2}(?=\s+\p{Lu}\p{Ll})|\d{4,5}|\d{2}-\d{3})\s+(\p{Lu}[\p{L}.\- ]+?)(?:\s*,.*)?$/u;
const STREET_WORD = /stra(?:ß|ss)e|str\.|\b(?:weg|platz|allee|gasse|street|st|avenue|ave|road|rd|rue|lane)\b/iu;
const STREET =
  /\p{L}.*\s\d+\s?[a-zA-Z]?(?:[-/]\d+)?\s*$|^\d+[a-z]?\s+\p{L}|stra(?:ß|ss)e|str\.|weg\b|platz\b|allee\b|gasse\b|street|st\b|avenue|ave\b|road|rue\b/iu;

export function parseAddress(lines: string[]): ExtractedAddress | null {
  let street: string | null = null;
  let zip: RegExpExecArray | null = null;
  for (const text of lines) {
    const t = text.trim();
    const z = STREET_WORD.test(t) ? null : ZIP_CITY.exec(t);
    if (z) {
      zip = z;
      break;
    }
    if (!street && STREET.test(t) && /\d/.test(t) && t.length < 60) street = t;
  }
  if (!zip) return null;
  // The country is not guessed from the postcode shape (5 digits are DE, FR, IT …); the reader
  // fills it from the seller's VAT ID or IBAN.
  return { street, postalCode: zip[1] ?? null, city: zip[2]?.trim() ?? null, countryCode: null };
}

export interface SellerGuess {
  name: string;
  weight: number;
  address: ExtractedAddress | null;
  buyerName: string | null;
}

/** Ranks the ways a supplier shows its name; returns the best guess. */
export function guessSeller(lines: Line[], websites: string[]): SellerGuess | null {
  const guesses: SellerGuess[] = [];
  const add = (name: string, weight: number, at: number, buyerName: string | null = null) => {
    const clean = cleanName(name);
    if (!isName(clean) || isNotAName(name.trim()) || isNotAName(clean)) return;
    const following = lines.slice(at + 1, at + 6).map((l) => l.cells[0]?.text ?? '');
    guesses.push({ name: clean, weight, address: parseAddress(following), buyerName });
  };
  const top = lines.filter((l) => l.cells.length > 0).slice(0, 8);
  const block = sellerBlockName(lines);
  if (block) add(block.name, block.how === 'name-label' ? 0.93 : 0.88, block.line);
  for (const line of lines) {
    const first = line.cells[0]?.text ?? '';
    // Sender line above the address window: "Muster GmbH · Hauptstr. 1 · 12345 Berlin".
    const parts = first.split(/\s+[·•●|]\s+|\s*[·•●|]\s*|,\s+|\s+[-–]\s+/).map((p) => p.trim());
    const senderName = parts[0] ?? '';
    if (
      parts.length >= 3 &&
      line.index < 25 &&
      !/\d/.test(senderName) &&
      !STREET_WORD.test(senderName) &&
      parts.some((p) => ZIP_CITY.test(p))
    ) {
      const address = parseAddress(parts.slice(1));
      const below = lines.slice(line.index + 1).find((l) => l.cells.length > 0);
      guesses.push({ name: cleanName(senderName), weight: 0.85, address, buyerName: below?.cells[0]?.text ?? null });
    }
    // "Kontoinhaber: Muster GmbH", "Payee:": a label at the start of its cell, ending it or with a colon.
    // "Kontoinhaber: Muster GmbH", "Payee:", "Payment received by OYO": a label with a colon, one
    // that ends its cell, or a phrase ending in "by" — not the word inside a name ("Lieferant GmbH").
    const labelled = line.cells.find((c) => {
      const m = SELLER_LABEL.exec(c.text);
      return m && (/:/.test(m[0]) || /\bby\s*$/i.test(m[0]) || (m.index === 0 && c.text.trim().length === m[0].trim().length));
    });
    const label = labelled ? SELLER_LABEL.exec(labelled.text) : null;
    if (labelled && label) {
      const after = line.cells[labelled.index + 1]?.text ?? '';
      const rest = stripSeparators(labelled.text.slice(label.index + label[0].length)) || after;
      if (rest) add(rest, 0.8, line.index);
      else {
        // The name under the label: in its column where positions are known, else the next line.
        let row = nextNonEmpty(lines, line.index);
        for (let step = 0; row && step < 3; step++, row = nextNonEmpty(lines, row.index)) {
          const cell = labelled.box && row.cells.some((c) => c.box) ? cellBelow(labelled, row) : row.cells[0];
          if (cell && isName(cleanName(cell.text))) {
            add(cell.text, 0.75, row.index);
            break;
          }
        }
      }
    }
    for (const cell of line.cells) {
      const form = LEGAL_FORM.exec(cell.text);
      if (form && !isBuyerContext(lines, line.index)) {
        const name = cell.text.slice(0, form.index + form[0].length);
        const isTop = top.includes(line);
        if (name.split(/\s+/).length <= 7) add(name, isTop ? 0.75 : 0.55, line.index);
      }
    }
  }
  // The company whose web or mail domain appears on the page ("azure-interior.com").
  for (const line of top) {
    for (const cell of line.cells) {
      const key = cell.text.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (key.length >= 4 && websites.some((w) => w === key)) add(cell.text, 0.7, line.index);
    }
  }
  // The first line is often the letterhead: offered at the threshold of what is offered, marked to check.
  const firstLine = top[0];
  if (firstLine) add(firstLine.cells[0]!.text, 0.5, firstLine.index);
  guesses.sort((a, b) => b.weight - a.weight);
  return guesses[0] ?? null;
}

export function websiteKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const m of text.matchAll(/(?:www\.|@|https?:\/\/(?:www\.)?)([a-z0-9-]+)\.[a-z]{2,}/gi)) {
    keys.add(m[1]!.toLowerCase().replace(/[^a-z0-9]/g, ''));
  }
  return [...keys];
}

/** A file name or a document title ("Rechnung R-1001", "Invoice") is never the supplier. */
function isNotAName(text: string): boolean {
  return (
    /\.(?:pdf|png|jpe?g|tiff?|webp|xml)$/i.test(text) || /^(?:rechnung|invoice|gutschrift|credit\s+note|faktura)\b/i.test(text)
  );
}

function cleanName(name: string): string {
  return name
    .replace(TITLE_WORDS, ' ')
    .replace(/^[\s:,.-]+|[\s:,-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
