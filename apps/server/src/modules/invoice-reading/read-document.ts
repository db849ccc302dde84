import {
  extractPdfText,
  readEInvoicePdf,
  readInvoiceText,
  readScannedPdf,
  recognizeImage,
  ReadingError,
  type ExtractedInvoice,
} from '@kontor/formats';
import { einvoiceXmlReader } from '../../lib/xml-worker/einvoice-reader';
import { findHybridMismatches } from './checks';

export interface DocumentReading {
  invoice: ExtractedInvoice;
  hybridMismatches: ('iban' | 'total')[];
}

/** Reports progress 0..100 as the reading goes; awaited so the UI's figure is written in order. */
export type ReportProgress = (percent: number) => Promise<void>;

/** Fewer characters than this on the pages means a scan with a stray text layer (e.g. a page number). */
const MIN_TEXT_LAYER_CHARS = 40;
/** Scans are OCRed up to this many pages: the fields of an invoice are on its first pages. */
const MAX_OCR_PAGES = 10;

/**
 * Reads one invoice document by its content type: e-invoice XML exactly; a PDF by its embedded
 * e-invoice, else its text layer, else OCR page by page; images by OCR. Throws ReadingError.
 */
export async function readDocument(body: Uint8Array, contentType: string, report: ReportProgress): Promise<DocumentReading> {
  if (contentType === 'application/xml') {
    // In a worker thread, as at upload: the job may run in an api process (issue 55).
    return { invoice: await einvoiceXmlReader.read(body), hybridMismatches: [] };
  }
  if (contentType === 'application/pdf') return readPdf(body, report);
  if (contentType.startsWith('image/')) {
    await report(10);
    const ocr = await recognizeImage(body);
    await report(90);
    return { invoice: readInvoiceText(ocr.positioned, 'ocr'), hybridMismatches: [] };
  }
  throw new ReadingError('ocr_failed', `cannot read ${contentType}`);
}

async function readPdf(body: Uint8Array, report: ReportProgress): Promise<DocumentReading> {
  // Copies: pdf.js may transfer (detach) the buffer it is given.
  const embedded = await readEInvoicePdf(new Uint8Array(body));
  await report(30);
  const visible = await extractPdfText(new Uint8Array(body));
  await report(50);
  const hasText = visible.hasTextLayer && visible.text.replace(/\s+/g, '').length >= MIN_TEXT_LAYER_CHARS;
  if (embedded) {
    const readTotal = hasText ? (readInvoiceText(visible, 'text').totalAmount?.value ?? null) : null;
    const hybridMismatches = findHybridMismatches(embedded, { text: visible.text, hasTextLayer: hasText, readTotal });
    return { invoice: embedded, hybridMismatches };
  }
  if (hasText) return { invoice: readInvoiceText(visible, 'text'), hybridMismatches: [] };
  // A scan: pages are rendered and OCRed one at a time (readScannedPdf), so one page bitmap lives.
  // Progress runs from 50 to 95 over the pages.
  const scanned = await readScannedPdf(new Uint8Array(body), {
    maxPages: MAX_OCR_PAGES,
    onPage: (done, total) => report(50 + Math.floor((45 * done) / total)),
  });
  return { invoice: scanned.invoice, hybridMismatches: [] };
}
