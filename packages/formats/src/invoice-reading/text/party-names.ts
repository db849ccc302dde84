/**
 * Party names. A name is short, carries letters, and is neither a sentence, an address, a label
 * ("Nummer:", "BIC") nor a bare legal form ("GmbH"). The seller's name is surest in its own block:
 * under a seller heading ("Verkäufer", "Rechnungsersteller", "Supplier") either as "Name: …" or as
 * the first line that is a name, before the buyer's heading.
 */
import type { ExtractedInvoice } from '../extracted-invoice.js';
import { LEGAL_FORM } from './labels-de-en.js';
import { cellBelow, type Cell, type Line } from './lines.js';

const LABEL_WORD =
  /^(?:nummer|number|nr|name|anschrift|adresse|address|bic|iban|swift|telefon|tel|fax|e-?mail|web|www|ust|steuernummer|kontoinhaber|bank|bankname|datum|date|seite|page|käufer|verkäufer|lieferant|kunde|customer|seller|buyer|herrn?|frau|firma)\b\.?$/i;
const STREETISH = /stra(?:ß|ss)e\s*\d|str\.\s*\d|\b(?:weg|platz|allee|gasse|street|road|avenue|rue)\b\s*\d|^\d{4,5}\s+\p{L}/iu;
const BARE_LEGAL_FORM = new RegExp(`^[\\s,.&]*(?:${LEGAL_FORM.source})[\\s,.]*$`, 'u');
const COPYRIGHT = /©|\(c\)|copyright/i;

/** Whether `text` can be a party's name (not a sentence, address, label, number or bare legal form). */
export function isName(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 80 || !/\p{L}{2}/u.test(t)) return false;
  if (/:/.test(t) || /^\d/.test(t) || COPYRIGHT.test(t) || /@|https?:|www\./i.test(t)) return false;
  if (STREETISH.test(t) || LABEL_WORD.test(t) || BARE_LEGAL_FORM.test(t)) return false;
  // A label whose colon went astray ("Beleg-Datum", "Kunden-Nr."), as OCR often leaves it.
  if (/(?:datum|date|nummer|number|-nr\.?|\bnr\.?|\bno\.?)$/i.test(t)) return false;
  const words = t.split(/\s+/);
  if (words.length > 7) return false;
  // A sentence: several lower-case words, or a full stop that is no abbreviation of a legal form.
  if (words.filter((w) => /^\p{Ll}{2,}/u.test(w)).length >= 3) return false;
  if (/\.$/.test(t) && !/(?:\b\p{L}{1,4}\.)$/u.test(t)) return false;
  return true;
}

export const SELLER_HEADING =
  /^(?:verkäufer|lieferant|rechnungsersteller|rechnungssteller|leistungserbringer|absender|seller|supplier|vendor|issuer|issued\s+by|sold\s+by|from|fournisseur|vendeur|émetteur)\s*:?$/i;
export const BUYER_HEADING =
  /^(?:käufer|kunde|rechnungsempfänger|leistungsempfänger|käufer\/leistungsempfänger|rechnungsadresse|auftraggeber|buyer|customer|bill(?:ed)?\s+to|invoice\s+to|ship\s+to|acheteur|client|warenempfänger)\b/i;

export interface BlockName {
  name: string;
  line: number;
  /** How it was found: "Name: …" under the heading, or the first name-like line. */
  how: 'name-label' | 'first-name';
}

/** The cell of `line` in the heading's column: by position, else by index, else the first. */
function columnCell(heading: Cell, line: Line): Cell | undefined {
  if (heading.box && line.cells.some((c) => c.box)) return cellBelow(heading, line) ?? undefined;
  return line.cells[heading.index] ?? line.cells[0];
}

/**
 * The name in the seller's block: for each seller heading, the eight lines below it up to a buyer
 * heading. "Name: Versicherungsverein a.G." whose value wrapped upwards ("MVM Musterhafter" on the
 * line above, in the same column) is joined back.
 */
export function sellerBlockName(lines: Line[]): BlockName | null {
  for (const line of lines) {
    const heading = line.cells.find((c) => SELLER_HEADING.test(c.text));
    if (!heading) continue;
    let firstName: BlockName | null = null;
    let previous: Line | null = null;
    for (let i = line.index + 1, seen = 0; i < lines.length && seen < 8; i++) {
      const row = lines[i]!;
      if (row.cells.length === 0) continue;
      seen += 1;
      const cell = columnCell(heading, row);
      if (!cell) {
        previous = row;
        continue;
      }
      if (BUYER_HEADING.test(cell.text) || SELLER_HEADING.test(cell.text)) break;
      const labelled = /^name\s*:?\s*(.*)$/i.exec(cell.text);
      if (labelled) {
        const value = labelled[1] || row.cells[cell.index + 1]?.text || '';
        const valueCell = labelled[1] ? cell : row.cells[cell.index + 1];
        let name = value.trim();
        // A two-line value is drawn centred on its label: its first line lands on the line above.
        const above = previous?.index === i - 1 && previous.cells.length === 1 ? previous.cells[0]! : null;
        if (above?.box && valueCell?.box && Math.abs(above.box.x - valueCell.box.x) < 3 && isName(above.text))
          name = `${above.text} ${name}`;
        if (isName(name) || isName(value)) return { name, line: i, how: 'name-label' };
      } else if (!firstName && isName(cell.text) && row.cells.length <= 3) {
        firstName = { name: cell.text.trim(), line: i, how: 'first-name' };
      }
      previous = row;
    }
    if (firstName) return firstName;
  }
  return null;
}

/** Company names compared without legal forms, punctuation and case. */
export function sameCompany(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .replace(new RegExp(LEGAL_FORM.source, 'gu'), ' ')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const [x, y] = [norm(a), norm(b)];
  return x.length >= 2 && x === y;
}

/**
 * A text or OCR reading whose supplier name is the reading organisation's own (it stands in the
 * address window of every invoice it receives) with that name left empty, saying why. E-invoice
 * readings are exact and returned as they are.
 */
export function withoutOwnOrganisation(invoice: ExtractedInvoice, organisationName: string): ExtractedInvoice {
  const name = invoice.seller.name?.value;
  if (invoice.kind.startsWith('einvoice') || !name || !sameCompany(name, organisationName)) return invoice;
  const { name: _own, ...seller } = invoice.seller;
  return { ...invoice, seller, doubts: [...(invoice.doubts ?? []), { field: 'seller.name', reason: 'own_organisation' }] };
}
