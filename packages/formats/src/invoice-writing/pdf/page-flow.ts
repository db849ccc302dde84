/**
 * The cursor that content flows down the pages with. Blocks ask for the height they need; when it
 * does not fit above the footer, a new page starts with the continuation header and, while the
 * lines table is being drawn, the table's column header again.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { PAGE_HEIGHT, PAGE_WIDTH } from './page-geometry';

export interface PageFlowOptions {
  /** Lowest y content may reach: just above the footer. */
  bottom: number;
  /** Where content starts on a continuation page, below its header. */
  continuationTop: number;
  /** Draws the head of a continuation page (invoice number and date). */
  drawContinuationHeader: (page: PDFPage) => void;
}

export class PageFlow {
  readonly pages: PDFPage[] = [];
  /** The cursor: the top edge of the next thing to draw. */
  y = PAGE_HEIGHT;
  /** Drawn on every page the flow starts while set (the lines table's column header). */
  repeatedHeader: ((flow: PageFlow) => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly options: PageFlowOptions,
  ) {}

  get page(): PDFPage {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error('PageFlow: no page yet');
    return page;
  }

  get bottom(): number {
    return this.options.bottom;
  }

  /** Height available on a fresh continuation page below a repeated header of `headerHeight`. */
  continuationSpace(headerHeight = 0): number {
    return this.options.continuationTop - headerHeight - this.options.bottom;
  }

  /** The first page; the letterhead places the cursor itself. */
  startFirstPage(): PDFPage {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(page);
    return page;
  }

  fits(height: number): boolean {
    return this.y - height >= this.options.bottom;
  }

  /** Moves to a new page unless `height` still fits on this one. */
  ensureSpace(height: number): void {
    if (!this.fits(height)) this.nextPage();
  }

  nextPage(): void {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(page);
    this.options.drawContinuationHeader(page);
    this.y = this.options.continuationTop;
    this.repeatedHeader?.(this);
  }
}
