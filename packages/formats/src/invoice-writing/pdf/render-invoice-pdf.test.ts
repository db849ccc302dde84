import { PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { OutgoingInvoice } from '../outgoing-invoice';
import { dictionaries, loadPdf, lookupDict, nameOf, pdfText } from './pdf-inspection';
import { renderInvoicePdf } from './render-invoice-pdf';
import { ENGLISH_CREDIT_NOTE, GERMAN_INVOICE, ONE_RATE_INVOICE } from '../sample-invoices';

const NOW = new Date('2026-02-02T09:30:00Z');

describe('renderInvoicePdf: a German invoice', async () => {
  const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW });
  const { text, pageCount } = await pdfText(pdf);

  it('is one A4 page', async () => {
    const doc = await loadPdf(pdf);
    expect(pageCount).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
  });

  it('shows title, return address, the buyer in the window and the info block', () => {
    expect(text).toContain('Rechnung Nr. RE-2026-0042');
    expect(text).toContain('Nordlicht Software GmbH · Leopoldstraße 12 · 80802 München');
    expect(text).toContain('Freie Hansestadt Bremen – Die Senatorin für');
    expect(text).toContain('Rudolf-Hilferding-Platz 1');
    expect(text).toContain('28195 Bremen');
    expect(text).not.toContain('DEUTSCHLAND'); // buyer in the seller's country
    expect(text).toMatch(/Rechnungsnr\.\s+RE-2026-0042/);
    expect(text).toMatch(/Rechnungsdatum\s+02\.02\.2026/);
    expect(text).toMatch(/Kundennr\.\s+K-10042/);
    expect(text).toMatch(/Leistungszeitraum\s+01\.01\.2026 – 31\.01\.2026/);
    expect(text).toMatch(/Fällig am\s+04\.03\.2026/);
    expect(text).toMatch(/Leitweg-ID\s+04011000-12345-03/);
    expect(text).toMatch(/Ansprechpartner\s+Anna Berger/);
  });

  it('lists every line with German numbers and readable units', () => {
    expect(text).toMatch(/Pos\.\s+Beschreibung\s+Menge\s+Einheit\s+Einzelpreis\s+USt\.\s+Betrag/);
    expect(text).toMatch(/1\s+Einrichtung und Konfiguration Kontor\s+12\s+Std\.\s+125,00 €\s+19 %\s+1\.500,00 €/);
    expect(text).toMatch(/Lizenz Kontor Business, 25 Benutzer,\s+1\s+Monat\s+1\.247,50 €\s+19 %\s+1\.247,50 €/);
    expect(text).toMatch(/Schulung „Rechnungseingang und\s+1,5\s+Tag\s+980,00 €/);
    expect(text).toMatch(/Fachbuch „Umsatzsteuer in der Praxis“,\s+3\s+Stk\.\s+49,90 €\s+7 %\s+149,70 €/);
    expect(text).toMatch(/Reisekostenpauschale Bremen\s+1\s+pausch\.\s+180,00 €/);
    // The long description wraps inside its column.
    expect(text).toContain('(Kreditoren, Debitoren, Kostenstellen)');
  });

  it('totals the VAT per rate', () => {
    expect(text).toMatch(/Summe netto\s+4\.547,20 €/);
    expect(text).toMatch(/USt\. 19 % auf 4\.397,50 €\s+835,53 €/);
    expect(text).toMatch(/USt\. 7 % auf 149,70 €\s+10,48 €/);
    expect(text).toMatch(/Rechnungsbetrag\s+5\.393,21 €/);
    expect(text).not.toContain('Bereits bezahlt');
  });

  it('prints notes, skonto terms and the bank details beside the GiroCode', () => {
    expect(text).toContain('Leistungen gemäß Rahmenvertrag RV-2025-17 vom 12.11.2025.');
    expect(text).toContain('Bitte geben Sie bei Zahlung die Rechnungsnummer an.');
    expect(text).toContain('Bei Zahlung bis 16.02.2026 2 % Skonto (107,86 €), zahlbar ohne Abzug bis 04.03.2026.');
    expect(text).toMatch(/IBAN\s+DE02 1203 0000 0000 2020 51/);
    expect(text).toMatch(/BIC\s+BYLADEM1001/);
    expect(text).toMatch(/Verwendungszweck\s+RE-2026-0042/);
    expect(text).toContain('Mit Banking-App scannen');
  });

  it('has the footer with company, contact, bank and register, and the page number', () => {
    for (const part of [
      'Tel. +49 89 1234567-0',
      'rechnung@nordlicht-software.de',
      'www.nordlicht-software.de',
      'IBAN DE02 1203 0000 0000 2020 51',
      'USt-IdNr. DE123456788',
      'Steuernr. 143/123/45678',
      'Amtsgericht München HRB 234567',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Geschäftsführung: Anna Berger,/);
  });
});

describe('renderInvoicePdf: an English credit note', async () => {
  const pdf = await renderInvoicePdf(ENGLISH_CREDIT_NOTE, { now: NOW });
  const { text } = await pdfText(pdf);

  it('names the invoice it corrects, with English dates', () => {
    expect(text).toContain('Credit note No. GS-2026-0007');
    expect(text).toContain('for invoice No. RE-2026-0031 of 15 Jan 2026');
    expect(text).toMatch(/Credit note no\.\s+GS-2026-0007/);
    expect(text).toMatch(/Date\s+20 Feb 2026/);
    expect(text).toMatch(/Delivery date\s+20 Feb 2026/); // no service period: the issue date
    expect(text).toMatch(/Due date\s+6 Mar 2026/);
    expect(text).toMatch(/Your reference\s+PO-2026-118/);
    expect(text).toMatch(/Your VAT ID\s+DE301234567/);
  });

  it('uses English numbers and units', () => {
    expect(text).toMatch(/Pos\.\s+Description\s+Qty\s+Unit\s+Unit price\s+VAT\s+Amount/);
    expect(text).toMatch(/Credit for unused licence months\s+2\s+month\s+€499\.00\s+19 %\s+€998\.00/);
    expect(text).toMatch(/Goodwill credit for the postponed\s+1\s+lump sum\s+€250\.00\s+19 %\s+€250\.00/);
    expect(text).toMatch(/Total net\s+€1,248\.00/);
    expect(text).toMatch(/VAT 19 % on €1,248\.00\s+€237\.12/);
    expect(text).toMatch(/Credit total\s+€1,485\.12/);
    expect(text).toContain('Page 1 of 1');
  });

  it('promises the refund instead of asking for payment', () => {
    expect(text).toContain('We will refund €1,485.12 to you by 6 Mar 2026.');
    expect(text).not.toContain('Scan with your banking app');
    expect(text).not.toContain('Bank details');
  });
});

describe('renderInvoicePdf: payment and logo variants', () => {
  it('asks for nothing when the invoice is paid in full', async () => {
    const paid = { ...GERMAN_INVOICE, totals: { ...GERMAN_INVOICE.totals, paid: GERMAN_INVOICE.totals.gross, due: 0 } };
    const { text } = await pdfText(await renderInvoicePdf(paid, { now: NOW }));
    expect(text).toMatch(/Bereits bezahlt\s+-5\.393,21 €/);
    expect(text).toMatch(/Offener Betrag\s+0,00 €/);
    expect(text).toContain('Der Rechnungsbetrag ist bereits vollständig bezahlt. Vielen Dank!');
    expect(text).not.toContain('Bankverbindung');
    expect(text).not.toContain('Mit Banking-App scannen');
  });

  it('prints the standard wording for a tax category without an exemption reason', async () => {
    const invoice = {
      ...GERMAN_INVOICE,
      taxBreakdown: [
        { taxCategory: 'K' as const, rate: 0, basis: 100, tax: 0, exemptionReason: null, exemptionReasonCode: null },
      ],
    };
    const { text } = await pdfText(await renderInvoicePdf(invoice, { now: NOW }));
    expect(text).toContain('Steuerfreie innergemeinschaftliche Lieferung.');
  });

  it('draws a JPEG logo, but leaves a CMYK one out of a PDF/A file', async () => {
    const images = async (pdf: Uint8Array) =>
      dictionaries(await loadPdf(pdf))
        .filter((dict) => nameOf(dict, 'Subtype') === 'Image')
        .map((dict) => nameOf(dict, 'ColorSpace'));
    const seller = (bytes: Uint8Array) => ({
      ...GERMAN_INVOICE,
      seller: { ...GERMAN_INVOICE.seller, logo: { bytes, mimeType: 'image/jpeg' as const } },
    });
    expect(await images(await renderInvoicePdf(seller(await rgbJpeg()), { now: NOW }))).toEqual(['DeviceRGB']);
    const cmyk = seller(CMYK_JPEG_HEADER);
    expect(await images(await renderInvoicePdf(cmyk, { now: NOW }))).toEqual(['DeviceCMYK']);
    const hybrid = await renderInvoicePdf(cmyk, { now: NOW, facturX: { xml: '<x/>' } });
    expect(await images(hybrid)).toEqual([]);
    expect((await pdfText(hybrid)).pages[0]?.split('\n')[0]).toContain('Nordlicht Software GmbH'); // the name instead
  });
});

/** An RGB JPEG of 120 × 48 pixels, encoded by the canvas library the project renders pages with. */
async function rgbJpeg(): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(120, 48);
  const context = canvas.getContext('2d');
  context.fillStyle = '#18488c';
  context.fillRect(0, 0, 120, 48);
  return new Uint8Array(await canvas.encode('jpeg'));
}

/**
 * The start of a baseline JPEG with four components (CMYK), 1 × 1 pixel: SOI and the SOF0 segment
 * are all pdf-lib reads before embedding the bytes as they are.
 */
const CMYK_JPEG_HEADER = new Uint8Array([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x14, 0x08, 0x00, 0x01, 0x00, 0x01, 0x04, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00,
  0x04, 0x11, 0x00, 0xff, 0xd9,
]);

describe('renderInvoicePdf: fonts', async () => {
  const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW });
  const doc = await loadPdf(pdf);
  const fonts = dictionaries(doc).filter((dict) => nameOf(dict, 'Type') === 'Font');

  it('embeds DejaVu Sans and DejaVu Sans Bold as TrueType subsets, and no standard 14 font', () => {
    const top = fonts.filter((font) => nameOf(font, 'Subtype') === 'Type0');
    const names = top.map((font) => nameOf(font, 'BaseFont'));
    expect(names).toHaveLength(2);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^[A-Z]{6}\+DejaVuSans$/),
        expect.stringMatching(/^[A-Z]{6}\+DejaVuSans-Bold$/),
      ]),
    );
    // Every font is a composite font or its CID descendant: no Type1 (standard 14) anywhere.
    expect(fonts.every((font) => ['Type0', 'CIDFontType2'].includes(nameOf(font, 'Subtype') ?? ''))).toBe(true);
    const descriptors = dictionaries(doc).filter((dict) => nameOf(dict, 'Type') === 'FontDescriptor');
    expect(descriptors).toHaveLength(2);
    for (const descriptor of descriptors) {
      const fontFile = lookupDict(doc, descriptor.get(PDFName.of('FontFile2')));
      expect(fontFile?.get(PDFName.of('Length1'))).toBeDefined();
    }
  });

  it('keeps €, umlauts, ß and typographic quotes through subsetting', async () => {
    const line = GERMAN_INVOICE.lines[0]!;
    const invoice: OutgoingInvoice = {
      ...GERMAN_INVOICE,
      lines: [
        { ...line, description: 'Größe „Übersicht“ – Maß in €' },
        { ...line, position: 2, description: 'Straße ÄÖÜ äöü ß Ελλάδα Москва' },
      ],
    };
    const { text } = await pdfText(await renderInvoicePdf(invoice, { now: NOW }));
    expect(text).toContain('Größe „Übersicht“ – Maß in €');
    expect(text).toContain('Straße ÄÖÜ äöü ß Ελλάδα Москва');
  });

  it('prints a character the font lacks as "?" instead of an empty box', async () => {
    const invoice: OutgoingInvoice = {
      ...GERMAN_INVOICE,
      lines: [{ ...GERMAN_INVOICE.lines[0]!, description: 'Launch 🚀 Paket 漢字' }],
    };
    const { text } = await pdfText(await renderInvoicePdf(invoice, { now: NOW }));
    expect(text).toContain('Launch ? Paket ??');
  });
});

describe('renderInvoicePdf: metadata and determinism', () => {
  it('gives the same bytes for the same invoice and time, other bytes for another time', async () => {
    const first = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW });
    const second = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW });
    const later = await renderInvoicePdf(GERMAN_INVOICE, { now: new Date('2026-02-02T09:31:00Z') });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });

  it('renders documents in parallel exactly as one after the other (the parsed fonts are shared)', async () => {
    const invoices = [GERMAN_INVOICE, ENGLISH_CREDIT_NOTE, GERMAN_INVOICE];
    const sequential: Uint8Array[] = [];
    for (const invoice of invoices) sequential.push(await renderInvoicePdf(invoice, { now: NOW }));
    const parallel = await Promise.all(invoices.map((invoice) => renderInvoicePdf(invoice, { now: NOW })));
    parallel.forEach((pdf, index) => expect(Buffer.from(pdf).equals(Buffer.from(sequential[index]!))).toBe(true));
  });

  it('writes title, author and dates to the Info dictionary and an XMP stream, but claims no PDF/A', async () => {
    const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW });
    const doc = await loadPdf(pdf);
    expect(doc.getTitle()).toBe('Rechnung Nr. RE-2026-0042');
    expect(doc.getAuthor()).toBe('Nordlicht Software GmbH');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-02-02T09:30:00.000Z');
    const xmp = new TextDecoder().decode(pdf);
    expect(xmp).toContain('<xmp:CreateDate>2026-02-02T09:30:00Z</xmp:CreateDate>');
    expect(xmp).not.toContain('pdfaid:part');
    expect(doc.catalog.get(PDFName.of('OutputIntents'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('AF'))).toBeUndefined();
    expect(doc.context.trailerInfo.ID).toBeDefined();
  });
});

describe('renderInvoicePdf: units', () => {
  it('prints a unit as the person typed it, and the readable name of the code otherwise', async () => {
    const { text } = await pdfText(await renderInvoicePdf(ONE_RATE_INVOICE, { now: NOW }));
    expect(text).toMatch(/Kontor Starter, Jahreslizenz 2026\s+2\s+Lizenz/);
    expect(text).toMatch(/Einrichtung per Fernwartung\s+2,25\s+Std\./);
  });
});
