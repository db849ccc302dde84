import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { readInvoiceText } from '../text/read-invoice-text.js';
import { fontsAvailable, renderSampleInvoice, SAMPLE_FIELDS } from './sample-invoice-image.js';
import { readScannedPdf } from './scanned-pdf.js';
import { closeOcr, recognizeImage } from './tesseract.js';

const fonts = fontsAvailable();
if (!fonts) console.warn('no font for @napi-rs/canvas found: skipping the OCR tests');

// OCR start-up (loading deu + eng) takes a few seconds; generous timeouts, no timing asserts.
describe.skipIf(!fonts)('OCR (tesseract.js, offline)', { timeout: 120_000 }, () => {
  afterAll(() => closeOcr());

  it('reads the key fields of a rendered German invoice at 300 dpi', async () => {
    const png = renderSampleInvoice({ dpi: 300 });
    const ocr = await recognizeImage(png, { dpi: 300 });
    expect(ocr.confidence).toBeGreaterThan(0.5);
    const inv = readInvoiceText(ocr.positioned, 'ocr');
    expect(inv.kind).toBe('ocr');
    expect(inv.invoiceNumber?.value).toBe(SAMPLE_FIELDS.invoiceNumber);
    expect(inv.date?.value).toBe(SAMPLE_FIELDS.date);
    expect(inv.iban?.value).toBe(SAMPLE_FIELDS.iban);
    expect(inv.netAmount?.value).toBe(SAMPLE_FIELDS.netAmount);
    expect(inv.taxAmount?.value).toBe(SAMPLE_FIELDS.taxAmount);
    expect(inv.totalAmount?.value).toBe(SAMPLE_FIELDS.totalAmount);
    expect(inv.currency?.value).toBe('EUR');
    expect(inv.seller.name?.value).toBe(SAMPLE_FIELDS.seller);
    expect(inv.totalAmount?.source).toBe('ocr');
  });

  it('renders and OCRs a scanned PDF page by page', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(renderSampleInvoice({ dpi: 150 }));
    doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
    const result = await readScannedPdf(await doc.save(), { dpi: 300 });
    expect(result.pages).toBe(1);
    expect(result.invoice.invoiceNumber?.value).toBe(SAMPLE_FIELDS.invoiceNumber);
    expect(result.invoice.totalAmount?.value).toBe(SAMPLE_FIELDS.totalAmount);
  });
});
