/**
 * Measures, wraps and draws single lines of text in the invoice fonts. Every string goes through
 * `printable` first: a character DejaVu has no glyph for would be drawn as the .notdef box, which
 * PDF/A forbids, and control characters have no business on the page.
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { InvoiceFonts } from './invoice-fonts';
import { COLORS } from './page-geometry';

export interface TextStyle {
  bold?: boolean;
  /** Points; 9 unless given. */
  size?: number;
  color?: Color;
}

export type Align = 'left' | 'right';

const DEFAULT_SIZE = 9;
const REPLACEMENT = '?';

/** Code points each font has glyphs for, per font name: the same for every document. */
const characterSets = new Map<string, Set<number>>();

export class Typesetter {
  private readonly supported: { regular: Set<number>; bold: Set<number> };

  constructor(readonly fonts: InvoiceFonts) {
    this.supported = { regular: characterSet(fonts.regular, 'regular'), bold: characterSet(fonts.bold, 'bold') };
  }

  font(style: TextStyle = {}): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  size(style: TextStyle = {}): number {
    return style.size ?? DEFAULT_SIZE;
  }

  printable(text: string, style: TextStyle = {}): string {
    const supported = style.bold ? this.supported.bold : this.supported.regular;
    let out = '';
    // NFC: a decomposed "u + ¨" becomes the one glyph ü (no shaping would combine them).
    for (const char of text.normalize('NFC').replace(/[\t\r\n\f\v]+/g, ' ')) {
      const code = char.codePointAt(0) ?? 0;
      out += code < 0x20 || (code >= 0x7f && code < 0xa0) ? '' : supported.has(code) ? char : REPLACEMENT;
    }
    return out;
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(this.printable(text, style), this.size(style));
  }

  /** Draws one line with its baseline at y; `x` is the left edge, or the right one for 'right'. */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle = {}, align: Align = 'left'): void {
    const line = this.printable(text, style);
    if (line.trim() === '') return;
    const font = this.font(style);
    const size = this.size(style);
    const left = align === 'right' ? x - font.widthOfTextAtSize(line, size) : x;
    page.drawText(line, { x: left, y, size, font, color: style.color ?? COLORS.text });
  }

  /**
   * Breaks text into lines no wider than maxWidth: at line breaks, then between words; a word
   * wider than the column (a long URL or article number) is cut between characters.
   */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      const words = paragraph.split(/[ \t]+/).filter((word) => word !== '');
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (line.length > 1 && this.width(line, style) > maxWidth) {
          const cut = this.longestFittingPrefix(line, maxWidth, style);
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private longestFittingPrefix(word: string, maxWidth: number, style: TextStyle): number {
    const chars = [...word];
    let low = 1;
    let high = chars.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.width(chars.slice(0, middle).join(''), style) <= maxWidth) low = middle;
      else high = middle - 1;
    }
    return chars.slice(0, low).join('').length;
  }
}

function characterSet(font: PDFFont, key: string): Set<number> {
  let set = characterSets.get(key);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(key, set);
  }
  return set;
}
