/**
 * A scanned PDF (no text layer): each page is rendered to a PNG at ~300 dpi with pdf.js and
 * @napi-rs/canvas, then OCRed. Pages go one at a time so that only one page bitmap is alive.
 */
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import { ReadingError } from '../extracted-invoice.js';
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

export async function renderPdfPage(
  doc: Awaited<ReturnType<typeof getDocumentProxy>>,
  page: number,
  dpi: number,
): Promise<Uint8Array> {
  const image = await renderPageAsImage(doc, page, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: dpi / 72,
  });
  return new Uint8Array(image);
}

export async function readScannedPdf(pdf: Uint8Array, options: ScannedPdfOptions = {}): Promise<ScannedPdfResult> {
  const started = performance.now();
  const dpi = options.dpi ?? 300;
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, verbosity: 0 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ReadingError(/password/i.test(message) ? 'encrypted_pdf' : 'broken_pdf', message);
  }
  try {
    const pages = Math.min(doc.numPages, options.maxPages ?? 10);
    const texts: string[] = [];
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
      texts.push(result.text);
      confidence += result.confidence;
      await options.onPage?.(n, pages);
    }
    const text = texts.join('\n\f\n');
    const invoice = readInvoiceText(text, 'ocr');
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
