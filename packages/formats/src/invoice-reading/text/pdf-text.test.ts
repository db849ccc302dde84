import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isReadingError } from '../extracted-invoice.js';
import { extractPdfText } from './pdf-text.js';

async function pdfWith(lines: [string, number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Drawn out of reading order on purpose: values first, then labels.
  for (const [text, x, y] of [...lines].reverse()) page.drawText(text, { x, y, size: 10, font });
  return doc.save();
}

describe('extractPdfText', () => {
  it('groups runs into lines by baseline and orders them by x', async () => {
    const pdf = await pdfWith([
      ['Rechnungsnummer:', 300, 700],
      ['RE-4711', 420, 700],
      ['Gesamtbetrag', 300, 600],
      ['1.190,00 EUR', 450, 600.5],
    ]);
    const { text, pages, hasTextLayer } = await extractPdfText(pdf);
    expect(pages).toBe(1);
    expect(hasTextLayer).toBe(true);
    expect(text.split('\n')).toEqual(['Rechnungsnummer:   RE-4711', 'Gesamtbetrag   1.190,00 EUR']);
  });

  it('reports a page without text as having no text layer', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const result = await extractPdfText(await doc.save());
    expect(result.hasTextLayer).toBe(false);
  });

  it('rejects bytes that are no PDF with broken_pdf', async () => {
    const error = await extractPdfText(new TextEncoder().encode('not a pdf at all')).catch((e: unknown) => e);
    expect(isReadingError(error) && error.code).toBe('broken_pdf');
  });
});
