/**
 * Test helpers that look at a written PDF the way its readers will: the text layer as the
 * project's own reader extracts it (unpdf), the objects as pdf-lib parses them, and page 1 as
 * pixels rendered by pdf.js, with any QR code on it decoded.
 */
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { openForRendering, renderPdfPage } from '../../invoice-reading/ocr/scanned-pdf';
import { extractPdfText } from '../../invoice-reading/text/pdf-text';

/** The text layer, one line per visual line, pages separated by a form feed line. */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: string[]; pageCount: number }> {
  const { text, pages } = await extractPdfText(pdf);
  return { text, pages: text.split('\n\f\n'), pageCount: pages };
}

/** How often `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

export async function loadPdf(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false });
}

/** Every indirect object of the file that is a dictionary (streams included, by their dictionary). */
export function dictionaries(doc: PDFDocument): PDFDict[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => (object instanceof PDFRawStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict);
}

export function lookupDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | null {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (resolved instanceof PDFRawStream) return resolved.dict;
  return resolved instanceof PDFDict ? resolved : null;
}

export function lookupArray(doc: PDFDocument, value: PDFObject | undefined): PDFArray | null {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof PDFArray ? resolved : null;
}

/** The decoded contents of a stream given by reference. */
export function streamBytes(doc: PDFDocument, value: PDFObject | undefined): Uint8Array {
  const stream = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
  return decodePDFRawStream(stream).decode();
}

export function nameOf(dict: PDFDict | null, key: string): string | null {
  const value = dict?.get(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : null;
}

/** Renders page `page` at `dpi` with pdf.js (as the OCR path does) and decodes a QR code on it. */
export async function decodeQrOnPage(pdf: Uint8Array, page = 1, dpi = 200): Promise<string | null> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const doc = await openForRendering(pdf);
  try {
    const png = await renderPdfPage(doc, page, dpi);
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height)?.data ?? null;
  } finally {
    await doc.destroy();
  }
}
