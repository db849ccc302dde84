/**
 * Net total, VAT per rate ("USt. 19 % auf 1.000,00 €"), the gross total, and when something was
 * already paid the amount still due. Kept together on one page; the VAT notes for exempt and
 * reverse-charge lines follow below it.
 */
import type { InvoicePageContext } from './invoice-page-context';
import { COLORS, MM, RIGHT } from './page-geometry';
import type { PageFlow } from './page-flow';
import type { TextStyle } from './typesetter';

interface TotalsRow {
  label: string;
  amount: string;
  style: TextStyle;
  /** A rule above the row: the line under the sum. */
  ruleAbove?: boolean;
}

const LEFT_EDGE = RIGHT - 95 * MM;
const ROW = 13;
const RULE_GAP = 4;

export function totalsRows({ invoice, labels, format }: InvoicePageContext): TotalsRow[] {
  const { totals } = invoice;
  const rows: TotalsRow[] = [{ label: labels.totals.net, amount: format.money(totals.net), style: {} }];
  for (const tax of invoice.taxBreakdown) {
    rows.push({
      label: labels.totals.vat(format.percent(tax.rate), format.money(tax.basis)),
      amount: format.money(tax.tax),
      style: {},
    });
  }
  const strong: TextStyle = { bold: true, size: 10 };
  rows.push({ label: labels.totals.gross[invoice.type], amount: format.money(totals.gross), style: strong, ruleAbove: true });
  if (totals.paid > 0) {
    rows.push({ label: labels.totals.paid, amount: format.money(-totals.paid), style: {} });
    rows.push({ label: labels.totals.due, amount: format.money(totals.due), style: strong, ruleAbove: true });
  }
  return rows;
}

export function drawTotals(flow: PageFlow, context: InvoicePageContext): void {
  const rows = totalsRows(context);
  const height = rows.length * ROW + rows.filter((row) => row.ruleAbove).length * RULE_GAP + 6;
  flow.ensureSpace(height);
  let y = flow.y - 4;
  for (const row of rows) {
    if (row.ruleAbove) {
      flow.page.drawLine({ start: { x: LEFT_EDGE, y: y - 1 }, end: { x: RIGHT, y: y - 1 }, thickness: 0.6, color: COLORS.text });
      y -= RULE_GAP;
    }
    y -= ROW;
    context.typesetter.draw(flow.page, row.label, LEFT_EDGE, y + 3, row.style);
    context.typesetter.draw(flow.page, row.amount, RIGHT, y + 3, row.style, 'right');
  }
  flow.y = y - 2;
}

/**
 * The VAT notes the law asks for when a line is not standard-rated: the exemption reason of each
 * such tax line (BT-120), or the usual wording for its category when the line has none.
 */
export function exemptionNotes({ invoice, labels }: Pick<InvoicePageContext, 'invoice' | 'labels'>): string[] {
  const notes: string[] = [];
  for (const tax of invoice.taxBreakdown) {
    if (tax.taxCategory === 'S') continue;
    const note = tax.exemptionReason?.trim() || labels.exemption[tax.taxCategory];
    if (note && !notes.includes(note)) notes.push(note);
  }
  return notes;
}
