/**
 * Text layer of a PDF as plain lines. pdf.js yields positioned text runs in drawing order, which
 * for many generators is not reading order (a label may be drawn long before its value). Runs are
 * therefore grouped into lines by their baseline and ordered by x, and wide horizontal gaps become
 * runs of spaces, so that "Invoice number   4711" stays on one line as on paper.
 */
import { getDocumentProxy } from 'unpdf';
import { ReadingError } from '../extracted-invoice.js';

export interface PdfText {
  text: string;
  pages: number;
  /** False when the PDF carries (almost) no text: a scan that needs OCR. */
  hasTextLayer: boolean;
}

interface Run {
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
    const pageTexts: string[] = [];
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
      text: pageTexts.join('\n\f\n'),
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

/** Groups runs into lines (baselines within ~40 % of the font height) and joins them by x. */
export function layoutLines(runs: Run[]): string {
  const sorted = [...runs].sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Run[][] = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const head = line?.[0];
    if (line && head && Math.abs(head.y - run.y) <= Math.max(2, Math.min(head.height, run.height) * 0.4)) line.push(run);
    else lines.push([run]);
  }
  return lines.map(joinLine).join('\n');
}

function joinLine(line: Run[]): string {
  line.sort((p, q) => p.x - q.x);
  let out = '';
  let end: number | null = null;
  for (const run of line) {
    if (end !== null) {
      // A gap wider than about two characters is a column break: keep it visible as 3+ spaces,
      // so label/value pairs stay apart from neighbouring columns.
      const gap = run.x - end;
      const charWidth = run.height * 0.5;
      if (gap > charWidth * 2) out += '   ';
      else if (gap > charWidth * 0.2 && !out.endsWith(' ') && !run.str.startsWith(' ')) out += ' ';
    }
    out += run.str;
    end = run.x + run.width;
  }
  return out.replace(/\s+$/, '');
}
