import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isReadingError } from '../extracted-invoice.js';
import { extractPdfText } from './pdf-text.js';
import { readInvoiceText } from './read-invoice-text.js';

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

  it('keeps the page position of every cell, so a value is found under its label', async () => {
    // "Rechnungsnummer" heads the right column; below it the address column and the number share a line.
    const pdf = await pdfWith([
      ['Lieferant GmbH', 40, 712],
      ['Rechnungsnummer', 300, 700],
      ['80333 München', 40, 688],
      ['471102', 300, 688],
    ]);
    const layer = await extractPdfText(pdf);
    const lines = layer.text.split('\n');
    expect(lines).toEqual(['Lieferant GmbH', 'Rechnungsnummer', '80333 München   471102']);
    expect(layer.layout).toHaveLength(3);
    expect(layer.layout[2]!.map((box) => Math.round(box.x))).toEqual([40, 300]);
    expect(layer.layout[2]![0]!.xEnd).toBeGreaterThan(40);
    expect(layer.layout[2]![0]!.xEnd).toBeLessThan(300);
    // With positions the number under the label is read; from the bare text the first cell of the
    // next line (the postcode) would be taken.
    expect(readInvoiceText(layer, 'text').invoiceNumber?.value).toBe('471102');
    expect(readInvoiceText(layer.text, 'text').invoiceNumber?.value).not.toBe('471102');
  });

  it('aligns the layout with the lines of every page', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const label of ['Seite 1', 'Seite 2']) doc.addPage([595, 842]).drawText(label, { x: 40, y: 800, size: 10, font });
    const layer = await extractPdfText(await doc.save());
    expect(layer.text.split('\n')).toEqual(['Seite 1', '\f', 'Seite 2']);
    expect(layer.layout.map((cells) => cells?.length ?? null)).toEqual([1, null, 1]);
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
