/**
 * How to pay: the payment terms sentence (with skonto when granted), then the bank details beside
 * the GiroCode that banking apps scan into a filled-in transfer. Kept together on one page.
 */
import { epcQrPayload } from './epc-qr-payload';
import { groupIban } from './invoice-formatting';
import type { InvoicePageContext } from './invoice-page-context';
import { COLORS, CONTENT_WIDTH, LEFT, MM, RIGHT } from './page-geometry';
import type { PageFlow } from './page-flow';
import { drawQrCode } from './qr-code-drawing';
import type { TextStyle } from './typesetter';

const LINE = 12;
const QR_SIZE = 30 * MM;
const VALUE_LEFT = LEFT + 36 * MM;
const CAPTION_STYLE: TextStyle = { size: 7, color: COLORS.muted };

export function paymentTerms({ invoice, labels, format }: InvoicePageContext): string {
  const { totals, payment, dueDate } = invoice;
  const due = format.date(dueDate);
  if (totals.due <= 0) return labels.payment.settled[invoice.type];
  if (invoice.type === 'credit_note') return labels.payment.refund(format.money(totals.due), due);
  const { skonto } = payment;
  if (!skonto) return labels.payment.payableBy(due, payment.termDays);
  return labels.payment.skonto(format.date(skonto.until), format.percent(skonto.rate), format.money(skonto.amount), due);
}

/** Label/value rows of the bank details; none when the buyer has nothing to transfer to us. */
export function bankRows({ invoice, labels, format }: InvoicePageContext): [string, string][] {
  const { payment, totals } = invoice;
  if (invoice.type !== 'invoice' || totals.due <= 0 || !payment.iban) return [];
  const rows: [string, string][] = [];
  rows.push([labels.payment.accountHolder, payment.accountName || invoice.seller.name]);
  rows.push(['IBAN', groupIban(payment.iban)]);
  if (payment.bic) rows.push(['BIC', payment.bic]);
  rows.push([labels.payment.reference, payment.reference]);
  rows.push([labels.payment.amount, format.money(totals.due)]);
  return rows;
}

export function drawPaymentBlock(flow: PageFlow, context: InvoicePageContext): void {
  const { typesetter, labels } = context;
  const terms = typesetter.wrap(paymentTerms(context), CONTENT_WIDTH);
  const rows = bankRows(context);
  const qr = rows.length ? epcQrPayload(context.invoice) : null;
  const valueWidth = (qr ? RIGHT - QR_SIZE - 6 * MM : RIGHT) - VALUE_LEFT;
  const wrappedRows = rows.map(([label, value]) => [label, typesetter.wrap(value, valueWidth)] as const);
  const bankHeight = rows.length ? LINE * (1 + wrappedRows.reduce((sum, [, lines]) => sum + lines.length, 0)) : 0;
  // The caption keeps the quiet zone of four modules (about 3 mm) below the code.
  const qrHeight = qr ? QR_SIZE + 15 : 0;
  const gap = rows.length ? 5 * MM : 0;
  flow.ensureSpace(terms.length * LINE + gap + Math.max(bankHeight, qrHeight) + 4);

  let y = flow.y - 2;
  for (const line of terms) {
    y -= LINE;
    typesetter.draw(flow.page, line, LEFT, y + 3);
  }
  if (!rows.length) {
    flow.y = y - 4;
    return;
  }
  y -= gap;
  const top = y;
  y -= LINE;
  typesetter.draw(flow.page, labels.payment.bankDetails, LEFT, y + 3, { bold: true });
  for (const [label, lines] of wrappedRows) {
    typesetter.draw(flow.page, label, LEFT, y - LINE + 3, { color: COLORS.muted });
    for (const line of lines) {
      y -= LINE;
      typesetter.draw(flow.page, line, VALUE_LEFT, y + 3);
    }
  }
  if (qr) {
    const x = RIGHT - QR_SIZE;
    drawQrCode(flow.page, qr, x, top, QR_SIZE);
    const caption = labels.payment.scanHint;
    typesetter.draw(
      flow.page,
      caption,
      x + (QR_SIZE - typesetter.width(caption, CAPTION_STYLE)) / 2,
      top - QR_SIZE - 13,
      CAPTION_STYLE,
    );
  }
  flow.y = Math.min(y, top - qrHeight) - 4;
}
