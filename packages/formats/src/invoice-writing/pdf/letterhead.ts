/**
 * The head of the first page, laid out like a DIN 5008 form B letter so that the buyer's address
 * sits in the window of a DL/C5 envelope: fold and punch marks, the logo top right, the seller's
 * return address above the address window (45 mm from the top), the info block on the right, and
 * the title. Continuation pages get a one-line head instead.
 */
import type { PDFImage, PDFPage } from 'pdf-lib';
import type { InvoicePageContext } from './invoice-page-context';
import { COLORS, LEFT, MM, RIGHT, fromTop } from './page-geometry';
import type { PageFlow } from './page-flow';
import { addressLines } from './postal-address';

const ADDRESS_WIDTH = 80 * MM;
const INFO_LEFT = 120 * MM;
/** The logo is scaled to fit 45 × 20 mm, its top 15 mm below the page's top edge. */
const LOGO_BOX = { width: 45 * MM, height: 20 * MM, topMm: 15 };
const INFO_STYLE = { size: 8.5 };
const INFO_LINE = 11.5;
const ADDRESS_STYLE = { size: 10 };
const ADDRESS_LINE = 12.5;

/** Draws the first page's head and leaves the cursor where the lines table starts. */
export function drawLetterhead(flow: PageFlow, context: InvoicePageContext, logo: PDFImage | null): void {
  const page = flow.startFirstPage();
  drawFoldMarks(page);
  drawLogoOrName(page, context, logo);
  drawReturnAddress(page, context);
  const addressBottom = drawAddress(page, context);
  const infoBottom = drawInfoBlock(page, context);
  flow.y = drawTitle(page, context, Math.min(fromTop(98), addressBottom - 8 * MM, infoBottom - 8 * MM));
}

/** Page 2 onwards: which document this page belongs to, in small print. */
export function drawContinuationHeader(page: PDFPage, context: InvoicePageContext): void {
  const { invoice, labels, format, typesetter } = context;
  const style = { size: 8, color: COLORS.muted };
  typesetter.draw(
    page,
    labels.continuation[invoice.type](invoice.number, format.date(invoice.issueDate)),
    LEFT,
    fromTop(15),
    style,
  );
  typesetter.draw(page, invoice.seller.name, RIGHT, fromTop(15), style, 'right');
}

/** Where content starts on a continuation page (below drawContinuationHeader). */
export const CONTINUATION_TOP = fromTop(22);

/** DIN 676 fold marks at 105 and 210 mm and the punch mark at 148.5 mm, on the left edge. */
function drawFoldMarks(page: PDFPage): void {
  for (const [mm, length] of [
    [105, 5],
    [148.5, 7],
    [210, 5],
  ] as const) {
    const y = fromTop(mm);
    page.drawLine({ start: { x: 4 * MM, y }, end: { x: (4 + length) * MM, y }, thickness: 0.5, color: COLORS.mark });
  }
}

function drawLogoOrName(page: PDFPage, { invoice, typesetter }: InvoicePageContext, logo: PDFImage | null): void {
  if (!logo) {
    typesetter.draw(page, invoice.seller.name, RIGHT, fromTop(24), { bold: true, size: 13 }, 'right');
    return;
  }
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  page.drawImage(logo, { x: RIGHT - width, y: fromTop(LOGO_BOX.topMm) - height, width, height });
}

/** The sender line in the top of the address field: small, underlined, shrunk to fit the window. */
function drawReturnAddress(page: PDFPage, { invoice, typesetter }: InvoicePageContext): void {
  const { seller } = invoice;
  const place = [seller.address.postalCode, seller.address.city].filter(Boolean).join(' ');
  const text = [seller.name, seller.address.street, place].filter(Boolean).join(' · ');
  let size = 7;
  while (size > 5 && typesetter.width(text, { size }) > ADDRESS_WIDTH) size -= 0.25;
  const style = { size, color: COLORS.muted };
  const y = fromTop(59);
  typesetter.draw(page, text, LEFT, y, style);
  const width = Math.min(typesetter.width(text, style), ADDRESS_WIDTH);
  page.drawLine({ start: { x: LEFT, y: y - 1.5 }, end: { x: LEFT + width, y: y - 1.5 }, thickness: 0.4, color: COLORS.muted });
}

/** The buyer's address in the window; returns the y below its last line. */
function drawAddress(page: PDFPage, { invoice, typesetter }: InvoicePageContext): number {
  let y = fromTop(67);
  const lines = addressLines(invoice.buyer, invoice.seller.address.countryCode, invoice.language);
  for (const line of lines.flatMap((text) => typesetter.wrap(text, ADDRESS_WIDTH, ADDRESS_STYLE))) {
    typesetter.draw(page, line, LEFT, y, ADDRESS_STYLE);
    y -= ADDRESS_LINE;
  }
  return y;
}

/** Label/value rows on the right; returns the y below the last row. */
function drawInfoBlock(page: PDFPage, context: InvoicePageContext): number {
  const { typesetter } = context;
  const labelStyle = { ...INFO_STYLE, color: COLORS.muted };
  let y = fromTop(53);
  for (const [label, value] of infoRows(context)) {
    typesetter.draw(page, label, INFO_LEFT, y, labelStyle);
    // A value too long to sit beside its label goes right-aligned on the next row.
    if (typesetter.width(label, labelStyle) + 8 + typesetter.width(value, INFO_STYLE) > RIGHT - INFO_LEFT) y -= INFO_LINE;
    typesetter.draw(page, value, RIGHT, y, INFO_STYLE, 'right');
    y -= INFO_LINE;
  }
  return y;
}

export function infoRows({ invoice, labels, format }: InvoicePageContext): [string, string][] {
  const { info } = labels;
  const rows: [string, string][] = [
    [info.number[invoice.type], invoice.number],
    [info.date[invoice.type], format.date(invoice.issueDate)],
  ];
  if (invoice.buyer.customerNumber) rows.push([info.customerNumber, invoice.buyer.customerNumber]);
  const period = invoice.servicePeriod;
  rows.push(
    period
      ? [info.servicePeriod, `${format.date(period.start)} – ${format.date(period.end)}`]
      : [info.deliveryDate, format.date(invoice.issueDate)],
  );
  rows.push([info.dueDate, format.date(invoice.dueDate)]);
  const reference = invoice.buyer.buyerReference;
  if (reference) rows.push([isLeitwegId(reference) ? info.leitwegId : info.buyerReference, reference]);
  if (invoice.buyer.vatId) rows.push([info.buyerVatId, invoice.buyer.vatId]);
  if (invoice.seller.contact) rows.push([info.contact, invoice.seller.contact.name]);
  return rows;
}

/**
 * A Leitweg-ID (XRechnung routing ID of a German public buyer): coarse address of 2–12 digits, an
 * optional fine address, and two check digits, e.g. 04011000-12345-03 or 991-33333TEST-33.
 */
export function isLeitwegId(reference: string): boolean {
  return /^\d{2,12}(-[0-9A-Za-z]{1,30})?-\d{2}$/.test(reference.trim());
}

/** Title (and for a credit note the invoice it corrects) and the intro line; returns the cursor below. */
function drawTitle(page: PDFPage, { invoice, labels, format, typesetter }: InvoicePageContext, baseline: number): number {
  let y = baseline;
  typesetter.draw(page, labels.title[invoice.type](invoice.number), LEFT, y, { bold: true, size: 14 });
  const preceding = invoice.precedingInvoice;
  if (invoice.type === 'credit_note' && preceding) {
    y -= 15;
    const date = preceding.issueDate ? format.date(preceding.issueDate) : null;
    typesetter.draw(page, labels.correctsInvoice(preceding.number, date), LEFT, y, { size: 10 });
  }
  typesetter.wrap(labels.intro[invoice.type], RIGHT - LEFT).forEach((line, index) => {
    y -= index === 0 ? 20 : 12;
    typesetter.draw(page, line, LEFT, y);
  });
  // Below the descenders of the intro's last line, with a gap before the table.
  return y - 3 - 4 * MM;
}
