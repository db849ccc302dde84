/**
 * The document as lines and cells. A cell is a run of text separated from its neighbours by three
 * or more spaces (pdf-text.ts writes column gaps that way; plain-text invoices use wide padding
 * too). Labelled values are looked up the three ways invoices lay them out: after the label on the
 * same line ("Rechnungsnummer: 4711"), in the same column of the next line (a header row of labels
 * over a row of values), or alone on the next line. Where the page positions of the cells are
 * known (PDF text layer, OCR words) "the same column" is the cell below that overlaps the label
 * horizontally; without them it is the cell with the same index.
 */
import type { CellBox } from './pdf-text.js';

export interface Cell {
  text: string;
  index: number;
  /** Left and right edge on the page, when known. */
  box?: CellBox;
}

export interface Line {
  text: string;
  index: number;
  cells: Cell[];
}

export type Placement = 'same-line' | 'column' | 'next-line';

export interface LabelHit<T> {
  value: T;
  /** The raw text the value was parsed from. */
  raw: string;
  line: number;
  placement: Placement;
}

/** `layout[i]`, when given, holds the page positions of line i's cells (see PositionedText). */
export function toLines(text: string, layout?: readonly (CellBox[] | null)[]): Line[] {
  const rows = text.split(/\r?\n/).flatMap((row, i) => {
    // A form feed alone on its line is a page break; "\f" inside a line splits it as before.
    const parts = row.split('\f');
    return parts.map((part, k) => ({ part, boxes: parts.length === 1 ? (layout?.[i] ?? null) : null, k }));
  });
  return rows.map(({ part, boxes }, index) => {
    const text = part.replace(/\t/g, '   ').replace(/\s+$/, '');
    const cells: Cell[] = text
      .split(/\s{3,}/)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '')
      .map((cell, i) => ({ text: cell, index: i }));
    // Positions count only when the cells agree with them (a run holding wide spaces would not).
    if (boxes && boxes.length === cells.length) cells.forEach((cell, i) => (cell.box = boxes[i]));
    return { text, index, cells };
  });
}

/**
 * The cell of `line` under `cell` by page position: the one overlapping it most; else, for a value
 * set flush right under a left-set label, the first cell starting inside the label's column (from
 * its left edge to `columnEnd`, the next cell on the label's line). Null when none is there.
 */
export function cellBelow(cell: Cell, line: Line, columnEnd = Infinity): Cell | null {
  const box = cell.box;
  if (!box || line.cells.some((c) => !c.box)) return null;
  let best: Cell | null = null;
  let bestOverlap = 0;
  for (const candidate of line.cells) {
    const overlap = Math.min(box.xEnd, candidate.box!.xEnd) - Math.max(box.x, candidate.box!.x);
    if (overlap > bestOverlap) {
      best = candidate;
      bestOverlap = overlap;
    }
  }
  if (best) return best;
  return line.cells.find((c) => c.box!.x >= box.xEnd && c.box!.x < columnEnd) ?? null;
}

/** Where the column of `cell` ends: at the next cell of its line, or the page's edge. */
export function columnEndOf(cell: Cell, line: Line): number {
  return line.cells[cell.index + 1]?.box?.x ?? Infinity;
}

/** Matches `label` and parses what follows it; returns every hit in document order. */
export function findLabeled<T>(
  lines: Line[],
  label: RegExp,
  parse: (raw: string) => T | null,
  options: { cellStart?: boolean; exclude?: RegExp; wholeColumn?: boolean } = {},
): LabelHit<T>[] {
  const hits: LabelHit<T>[] = [];
  const re = new RegExp(label.source, label.flags.includes('i') ? 'iu' : 'u');
  for (const line of lines) {
    for (const cell of line.cells) {
      const m = re.exec(cell.text);
      if (!m) continue;
      // Generic labels ("Datum", "Date", "Total") count only at the start of a cell, so that
      // "Due Date" or "Subtotal" do not read as them.
      if (options.cellStart && cell.text.slice(0, m.index).trim() !== '') continue;
      if (options.exclude?.test(cell.text)) continue;
      const hit = valueAfter(lines, line, cell, m.index + m[0].length, parse);
      if (hit) hits.push(hit);
      // A table column of amounts (rows per rate, then the total row): every value below counts.
      if (hit?.placement === 'column' && options.wholeColumn)
        hits.push(...restOfColumn(lines, cell, columnEndOf(cell, line), hit.line, parse));
      break;
    }
  }
  return hits;
}

function valueAfter<T>(lines: Line[], line: Line, cell: Cell, end: number, parse: (raw: string) => T | null): LabelHit<T> | null {
  const rest = stripSeparators(cell.text.slice(end));
  // Same line: the rest of the cell and the cells after it (the value may sit one column on);
  // parsers take the first value (identifiers, dates) or cut at the next label (amounts).
  const sameLine = [rest, ...line.cells.slice(cell.index + 1).map((c) => c.text)].join('   ').trim();
  if (sameLine !== '') {
    const value = parse(sameLine);
    if (value !== null) return { value, raw: sameLine, line: line.index, placement: 'same-line' };
  }
  if (rest !== '' && !/^[:#.\s]*$/.test(rest)) {
    // The label carries other text after it that did not parse: still allow a value below only
    // when the cell is a header (ends with a colon or is short).
    if (!/[:#]$/.test(cell.text) && rest.length > 12) return null;
  }
  const next = nextNonEmpty(lines, line.index);
  if (!next) return null;
  if (cell.box && next.cells.some((c) => c.box)) {
    // Positions known: the value is the first cell below the label (within three lines) that
    // parses, whatever other columns do: a wrapped description may sit between.
    let row: Line | undefined = next;
    for (let step = 0; row && step < 3; step++, row = nextNonEmpty(lines, row.index)) {
      const below = cellBelow(cell, row, columnEndOf(cell, line));
      const value = below ? parse(below.text) : null;
      if (below && value !== null) return { value, raw: below.text, line: row.index, placement: 'column' };
    }
    return null;
  }
  if (line.cells.length > 1) {
    const below = next.cells[cell.index];
    if (below && next.cells.length >= line.cells.length - 1) {
      const value = parse(below.text);
      if (value !== null) return { value, raw: below.text, line: next.index, placement: 'column' };
    }
    return null;
  }
  const first = next.cells[0];
  if (!first) return null;
  const value = parse(first.text);
  return value === null ? null : { value, raw: first.text, line: next.index, placement: 'next-line' };
}

/** The values under `label` after the row at `from`, while each row has a parsing cell there. */
function restOfColumn<T>(
  lines: Line[],
  label: Cell,
  columnEnd: number,
  from: number,
  parse: (raw: string) => T | null,
): LabelHit<T>[] {
  const out: LabelHit<T>[] = [];
  let row = nextNonEmpty(lines, from);
  for (let step = 0; row && step < 8; step++, row = nextNonEmpty(lines, row.index)) {
    const below = cellBelow(label, row, columnEnd);
    const value = below ? parse(below.text) : null;
    if (!below || value === null) break;
    out.push({ value, raw: below.text, line: row.index, placement: 'column' });
  }
  return out;
}

export function nextNonEmpty(lines: Line[], from: number): Line | undefined {
  for (let i = from + 1; i < lines.length && i <= from + 2; i++) {
    const line = lines[i];
    if (line && line.cells.length > 0) return line;
  }
  return undefined;
}

export function stripSeparators(text: string): string {
  return text.replace(/^[\s:#.\-–—=]+/, '').trim();
}

/** Cut a value at the next wide gap: the text of the first cell only. */
export function firstCell(raw: string): string {
  return raw.split(/\s{3,}/)[0]?.trim() ?? '';
}
