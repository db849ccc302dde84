/**
 * Text layer of a PDF as plain lines. pdf.js yields positioned text runs in drawing order, which
 * for many generators is not reading order (a label may be drawn long before its value). Runs are
 * therefore grouped into lines by their baseline and ordered by x, and wide horizontal gaps become
 * runs of spaces, so that "Invoice number   4711" stays on one line as on paper.
 */
import { getDocumentProxy } from 'unpdf';
import { ReadingError } from '../extracted-invoice.js';

/** Where a cell (a run of text between column gaps) sits on its page: left and right edge. */
export interface CellBox {
  x: number;
  xEnd: number;
}

/**
 * A page's text with the horizontal position of each cell: `layout[i]` holds the boxes of the
 * cells of text line `i` (split on \n; null for the form-feed line between pages). The reader uses
 * them to find a value under its label even when other columns change the cell count.
 */
export interface PositionedText {
  text: string;
  layout: (CellBox[] | null)[];
}

export interface PdfText extends PositionedText {
  pages: number;
  /** False when the PDF carries (almost) no text: a scan that needs OCR. */
  hasTextLayer: boolean;
}

/** A run of text at a position: a PDF text item, or an OCR word (y upwards, like PDF space). */
export interface Run {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Fewer visible characters than this means "scan with a stray stamp or label", not text. */
const MIN_CHARS = 20;

export async function extractPdfText(pdf: Uint8Array): Promise<PdfText> {
  // pdf.js transfers (detaches) the buffer it is given; copy so the caller's bytes stay usable.
  const data = new Uint8Array(pdf);
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(data, { isEvalSupported: false, verbosity: 0 });
  } catch (error) {
    throw toReadingError(error);
  }
  try {
    const pageTexts: PositionedText[] = [];
    let visible = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const runs: Run[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, , , e = 0, f = 0] = item.transform as number[];
        runs.push({
          str: item.str,
          x: e,
          y: f,
          width: item.width,
          height: item.height || Math.hypot(a, b) || 10,
        });
        visible += item.str.replace(/\s/g, '').length;
      }
      pageTexts.push(layoutLines(runs));
      page.cleanup();
    }
    return {
      ...joinPages(pageTexts),
      pages: doc.numPages,
      hasTextLayer: visible >= MIN_CHARS,
    };
  } catch (error) {
    throw toReadingError(error);
  } finally {
    await doc.destroy();
  }
}

function toReadingError(error: unknown): ReadingError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException' || /password/i.test(message)) return new ReadingError('encrypted_pdf', message);
  return new ReadingError('broken_pdf', message);
}

/** Pages joined by a form feed on a line of its own (the reader treats it as a blank line). */
export function joinPages(pages: PositionedText[]): PositionedText {
  const layout: (CellBox[] | null)[] = [];
  pages.forEach((page, i) => {
    if (i > 0) layout.push(null);
    layout.push(...page.layout);
  });
  return { text: pages.map((p) => p.text).join('\n\f\n'), layout };
}

/** Groups runs into lines (baselines within ~40 % of the font height) and joins them by x. */
export function layoutLines(runs: Run[]): PositionedText {
  const sorted = [...runs].sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Run[][] = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const head = line?.[0];
    if (line && head && Math.abs(head.y - run.y) <= Math.max(2, Math.min(head.height, run.height) * 0.4)) line.push(run);
    else lines.push([run]);
  }
  const joined = lines.map(joinLine);
  return { text: joined.map((l) => l.text).join('\n'), layout: joined.map((l) => l.cells) };
}

function joinLine(line: Run[]): { text: string; cells: CellBox[] } {
  line.sort((p, q) => p.x - q.x);
  let out = '';
  let end: number | null = null;
  const cells: CellBox[] = [];
  for (const run of line) {
    const gap = end === null ? Infinity : run.x - end;
    const charWidth = run.height * 0.5;
    if (end !== null) {
      // A gap wider than about two characters is a column break: keep it visible as 3+ spaces,
      // so label/value pairs stay apart from neighbouring columns.
      if (gap > charWidth * 2) out += '   ';
      else if (gap > charWidth * 0.2 && !out.endsWith(' ') && !run.str.startsWith(' ')) out += ' ';
    }
    const runEnd = run.x + run.width;
    const cell = cells[cells.length - 1];
    if (!cell || gap > charWidth * 2) cells.push({ x: run.x, xEnd: runEnd });
    else cell.xEnd = Math.max(cell.xEnd, runEnd);
    out += run.str;
    end = runEnd;
  }
  return { text: out.replace(/\s+$/, ''), cells };
}
