/**
 * The invoice lines: Pos., description (wrapped), quantity, unit, unit price, VAT rate and net
 * amount. The column header is repeated at the top of every page the table continues on; a line
 * whose description is taller than a whole page is split between pages.
 */
import type { OutgoingLine } from '../outgoing-invoice';
import type { InvoiceLabels } from './invoice-labels';
import type { InvoicePageContext } from './invoice-page-context';
import { COLORS, CONTENT_WIDTH, LEFT } from './page-geometry';
import type { PageFlow } from './page-flow';
import type { Align, TextStyle, Typesetter } from './typesetter';
import { unitName } from './unit-names';

type ColumnKey = keyof InvoiceLabels['table'];

interface Column {
  key: ColumnKey;
  x: number;
  width: number;
  align: Align;
}

const GAP = 5;
const FIXED_WIDTHS: Record<Exclude<ColumnKey, 'description'>, number> = {
  position: 20,
  quantity: 38,
  unit: 44,
  unitPrice: 60,
  vatRate: 30,
  amount: 62,
};
const ORDER: ColumnKey[] = ['position', 'description', 'quantity', 'unit', 'unitPrice', 'vatRate', 'amount'];
const RIGHT_ALIGNED = new Set<ColumnKey>(['quantity', 'unitPrice', 'vatRate', 'amount']);

const HEADER_HEIGHT = 17;
const HEADER_STYLE: TextStyle = { bold: true, size: 8.5 };
const CELL_STYLE: TextStyle = { size: 9 };
const LINE = 11;
const PAD = 3.5;
/** From a row's top edge to its first baseline: padding plus the ascent of a 9 pt line. */
const FIRST_BASELINE = PAD + 8;

const COLUMNS: Column[] = (() => {
  const fixed = Object.values(FIXED_WIDTHS).reduce((sum, width) => sum + width, 0);
  const description = CONTENT_WIDTH - fixed - GAP * (ORDER.length - 1);
  let x = LEFT;
  return ORDER.map((key) => {
    const width = key === 'description' ? description : FIXED_WIDTHS[key];
    const column: Column = { key, x, width, align: RIGHT_ALIGNED.has(key) ? 'right' : 'left' };
    x += width + GAP;
    return column;
  });
})();

function column(key: ColumnKey): Column {
  const found = COLUMNS.find((c) => c.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
}

export function drawLinesTable(flow: PageFlow, context: InvoicePageContext): void {
  const header = (f: PageFlow) => drawHeader(f, context);
  // At least the header and one line together: a header alone at the foot of a page helps no one.
  flow.ensureSpace(HEADER_HEIGHT + rowHeight(1));
  header(flow);
  flow.repeatedHeader = header;
  for (const line of context.invoice.lines) drawLine(flow, context, line);
  flow.repeatedHeader = null;
}

function drawHeader(flow: PageFlow, { labels, typesetter }: InvoicePageContext): void {
  const top = flow.y;
  flow.page.drawRectangle({
    x: LEFT - 3,
    y: top - HEADER_HEIGHT,
    width: CONTENT_WIDTH + 6,
    height: HEADER_HEIGHT,
    color: COLORS.band,
  });
  for (const c of COLUMNS) drawCell(flow, typesetter, c, labels.table[c.key], top - 11.5, HEADER_STYLE);
  flow.y = top - HEADER_HEIGHT;
}

function rowHeight(lines: number): number {
  return PAD * 2 + lines * LINE;
}

function drawLine(flow: PageFlow, context: InvoicePageContext, line: OutgoingLine): void {
  const { typesetter, format, invoice } = context;
  const cells: [ColumnKey, string][] = [
    ['position', String(line.position)],
    ['quantity', format.quantity(line.quantity)],
    ['unit', line.unit ?? unitName(line.unitCode, invoice.language)],
    ['unitPrice', format.money(line.unitPrice)],
    ['vatRate', format.percent(line.taxRate)],
    ['amount', format.money(line.netAmount)],
  ];
  let description = typesetter.wrap(line.description, column('description').width, CELL_STYLE);
  let first = true;
  for (;;) {
    const height = rowHeight(description.length);
    if (flow.fits(height)) {
      drawRowPart(flow, context, first ? cells : [], description);
      return;
    }
    const linesHere = Math.floor((flow.y - flow.bottom - PAD * 2) / LINE);
    if (height <= flow.continuationSpace(HEADER_HEIGHT) || linesHere < 1) {
      flow.nextPage();
      continue;
    }
    // Taller than a whole page: fill this one and carry the rest of the description over.
    drawRowPart(flow, context, first ? cells : [], description.slice(0, linesHere));
    description = description.slice(linesHere);
    first = false;
    flow.nextPage();
  }
}

function drawRowPart(
  flow: PageFlow,
  { typesetter }: InvoicePageContext,
  cells: [ColumnKey, string][],
  description: string[],
): void {
  const top = flow.y;
  const baseline = top - FIRST_BASELINE;
  for (const [key, text] of cells) drawCell(flow, typesetter, column(key), text, baseline, CELL_STYLE);
  const descriptionColumn = column('description');
  description.forEach((text, index) =>
    typesetter.draw(flow.page, text, descriptionColumn.x, baseline - index * LINE, CELL_STYLE),
  );
  const bottom = top - rowHeight(description.length);
  flow.page.drawLine({
    start: { x: LEFT - 3, y: bottom },
    end: { x: LEFT + CONTENT_WIDTH + 3, y: bottom },
    thickness: 0.4,
    color: COLORS.rule,
  });
  flow.y = bottom;
}

/** One cell on one line; a value wider than its column is set smaller rather than overlap the next. */
function drawCell(flow: PageFlow, typesetter: Typesetter, c: Column, text: string, baseline: number, style: TextStyle): void {
  let size = typesetter.size(style);
  while (size > 6 && typesetter.width(text, { ...style, size }) > c.width) size -= 0.5;
  typesetter.draw(flow.page, text, c.align === 'right' ? c.x + c.width : c.x, baseline, { ...style, size }, c.align);
}
