/**
 * The footer of every page: what a German business letter must show (§ 14 UStG, § 35a GmbHG) in
 * four columns — company and address; phone, e-mail, web; bank; VAT ID or tax number, register
 * entry and managing directors — and "Seite 1 von 2" above it. Laid out once, drawn on every page
 * when all pages exist.
 */
import type { PDFPage } from 'pdf-lib';
import type { OutgoingInvoice } from '../outgoing-invoice';
import { groupIban } from './invoice-formatting';
import type { InvoiceLabels } from './invoice-labels';
import { addressLines } from './postal-address';
import { COLORS, CONTENT_WIDTH, LEFT, MM, RIGHT, fromBottom } from './page-geometry';
import type { TextStyle, Typesetter } from './typesetter';

const STYLE: TextStyle = { size: 6.5, color: COLORS.muted };
const LINE = 8.5;
const MIN_GAP = 4 * MM;
/** Baseline of the footer's last possible line. */
const BASE = fromBottom(10);

export interface Footer {
  columns: { x: number; lines: string[] }[];
  /** y of the rule above the footer. */
  top: number;
}

/** Space above the rule that the page number takes. */
export const PAGE_NUMBER_SPACE = 16;

/**
 * Columns as wide as their longest line, spread over the full width. When they do not fit side by
 * side, the narrow ones keep their width and only the widest are narrowed until all fit (their
 * lines wrap): an IBAN stays on one line, a long list of managing directors takes two.
 */
export function layoutFooter(invoice: OutgoingInvoice, labels: InvoiceLabels, typesetter: Typesetter): Footer {
  const texts = footerColumns(invoice, labels).filter((lines) => lines.length > 0);
  const natural = texts.map((lines) => Math.max(...lines.map((line) => typesetter.width(line, STYLE))));
  const widths = fairWidths(natural, CONTENT_WIDTH - MIN_GAP * Math.max(0, texts.length - 1));
  const used = widths.reduce((sum, width) => sum + width, 0);
  const gap = texts.length > 1 ? (CONTENT_WIDTH - used) / (texts.length - 1) : 0;
  let x = LEFT;
  const columns = texts.map((lines, index) => {
    const width = widths[index] ?? CONTENT_WIDTH;
    // A hair of tolerance: the natural width itself must not wrap through rounding.
    const column = { x, lines: lines.flatMap((line) => typesetter.wrap(line, width + 0.01, STYLE)) };
    x += width + gap;
    return column;
  });
  const rows = Math.max(1, ...columns.map((column) => column.lines.length));
  return { columns, top: BASE + rows * LINE + 2 };
}

/** Max-min fair share of `available` for columns that would like `natural` widths. */
function fairWidths(natural: number[], available: number): number[] {
  const widths = [...natural];
  let remaining = available;
  let open = natural.length;
  for (const index of natural.map((_, i) => i).sort((a, b) => (natural[a] ?? 0) - (natural[b] ?? 0))) {
    const share = remaining / open;
    const width = Math.min(natural[index] ?? 0, share);
    widths[index] = width;
    remaining -= width;
    open -= 1;
  }
  return widths;
}

export function footerColumns(invoice: OutgoingInvoice, labels: InvoiceLabels): string[][] {
  const { seller, payment } = invoice;
  const f = labels.footer;
  const company = addressLines(seller, invoice.buyer.address.countryCode, invoice.language);
  // E-mail and web address speak for themselves; a label would only push them onto two lines.
  const contact = [
    seller.contact?.phone ? `${f.phone} ${seller.contact.phone}` : null,
    seller.email ?? seller.contact?.email,
    seller.website,
  ];
  const bank = payment.iban
    ? [
        payment.accountName && payment.accountName !== seller.name ? payment.accountName : null,
        `IBAN ${groupIban(payment.iban)}`,
        payment.bic ? `BIC ${payment.bic}` : null,
      ]
    : [];
  const legal = [
    seller.vatId ? `${f.vatId} ${seller.vatId}` : null,
    seller.taxNumber ? `${f.taxNumber} ${seller.taxNumber}` : null,
    seller.registration,
    seller.managingDirectors ? `${f.managingDirectors}: ${seller.managingDirectors}` : null,
  ];
  const present = (lines: (string | null | undefined)[]) => lines.filter((line): line is string => !!line && line.trim() !== '');
  return [company, present(contact), present(bank), present(legal)];
}

export function drawFooter(page: PDFPage, footer: Footer, pageLabel: string, typesetter: Typesetter): void {
  typesetter.draw(page, pageLabel, RIGHT, footer.top + 6, { size: 7.5, color: COLORS.muted }, 'right');
  page.drawLine({ start: { x: LEFT, y: footer.top }, end: { x: RIGHT, y: footer.top }, thickness: 0.4, color: COLORS.rule });
  for (const column of footer.columns) {
    column.lines.forEach((line, row) => typesetter.draw(page, line, column.x, footer.top - (row + 1) * LINE, STYLE));
  }
}
