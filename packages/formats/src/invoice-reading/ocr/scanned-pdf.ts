/**
 * A scanned PDF (no text layer): each page is rendered to a PNG at ~300 dpi with pdf.js and
 * @napi-rs/canvas, then OCRed. Pages go one at a time so that only one page bitmap is alive.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ReadingError } from '../extracted-invoice.js';
import { joinPages, type PositionedText } from '../text/pdf-text.js';
import { readInvoiceText } from '../text/read-invoice-text.js';
import type { ExtractedInvoice } from '../extracted-invoice.js';
import { recognizeImage } from './tesseract.js';

export interface ScannedPdfResult {
  text: string;
  pages: number;
  /** Mean OCR confidence over the pages, 0..1. */
  confidence: number;
  ms: number;
  invoice: ExtractedInvoice;
}

export interface ScannedPdfOptions {
  dpi?: number;
  /** Stop after this many pages (invoices rarely need more than the first few). */
  maxPages?: number;
  /** Called after each page is read, so that a caller can show progress. */
  onPage?: (done: number, total: number) => void | Promise<void>;
}

/**
 * Renders one page to PNG. pdf.js's own Node build draws the glyph outlines of the PDF's fonts
 * (disableFontFace) and finds the 14 standard fonts in its package; unpdf's bundled build has
 * neither in Node and renders text-drawn pages blank, so a PDF whose text sits in fonts without a
 * usable text layer (outlined or broken encodings) would reach OCR as an empty page.
 */
export async function renderPdfPage(doc: PdfDocument, page: number, dpi: number): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdfPage = await doc.getPage(page);
  try {
    const viewport = pdfPage.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // PNG pages are transparent by default; OCR wants ink on white paper.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas implements the 2D context pdf.js draws on; its types are its own (no DOM lib here).
    const params = { canvasContext: context, canvas, viewport } as unknown as Parameters<typeof pdfPage.render>[0];
    await pdfPage.render(params).promise;
    return new Uint8Array(await canvas.encode('png'));
  } finally {
    pdfPage.cleanup();
  }
}

type PdfDocument = Awaited<ReturnType<typeof openForRendering>>;

/** Opens a PDF with pdf.js's Node build, set up to render text from the fonts' outlines. */
export async function openForRendering(pdf: Uint8Array) {
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const base = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return getDocument({
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${base}/standard_fonts/`,
    cMapUrl: `${base}/cmaps/`,
    cMapPacked: true,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
}

export async function readScannedPdf(pdf: Uint8Array, options: ScannedPdfOptions = {}): Promise<ScannedPdfResult> {
  const started = performance.now();
  const dpi = options.dpi ?? 300;
  let doc: PdfDocument;
  try {
    doc = await openForRendering(pdf);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ReadingError(/password/i.test(message) ? 'encrypted_pdf' : 'broken_pdf', message);
  }
  try {
    const pages = Math.min(doc.numPages, options.maxPages ?? 10);
    const texts: PositionedText[] = [];
    let confidence = 0;
    for (let n = 1; n <= pages; n++) {
      let png: Uint8Array;
      try {
        png = await renderPdfPage(doc, n, dpi);
      } catch (error) {
        throw new ReadingError(
          'ocr_failed',
          `page ${n} could not be rendered: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const result = await recognizeImage(png, { dpi });
      texts.push(result.positioned);
      confidence += result.confidence;
      await options.onPage?.(n, pages);
    }
    const positioned = joinPages(texts);
    const text = positioned.text;
    const invoice = readInvoiceText(positioned, 'ocr');
    return {
      text,
      pages: doc.numPages,
      confidence: pages ? confidence / pages : 0,
      ms: Math.round(performance.now() - started),
      invoice,
    };
  } finally {
    await doc.destroy();
  }
}
