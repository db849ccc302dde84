import { describe, expect, it } from 'vitest';
import type { OutgoingInvoice } from '../outgoing-invoice';
import { occurrences, pdfText } from './pdf-inspection';
import { renderInvoicePdf } from './render-invoice-pdf';
import { GERMAN_INVOICE, LONG_INVOICE, longInvoiceTicket } from '../sample-invoices';

const NOW = new Date('2026-03-31T08:00:00Z');
const TABLE_HEADER = /Pos\.\s+Beschreibung\s+Menge\s+Einheit\s+Einzelpreis\s+USt\.\s+Betrag/;

describe('renderInvoicePdf: 80 lines over several pages', async () => {
  const pdf = await renderInvoicePdf(LONG_INVOICE, { now: NOW });
  const { text, pages, pageCount } = await pdfText(pdf);

  it('numbers the pages "Seite n von N" on every page', () => {
    expect(pageCount).toBeGreaterThan(2);
    pages.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pageCount}`));
  });

  it('repeats the table header on every page the lines continue on, under the continuation head', () => {
    const pagesWithLines = pages.filter((page) => /SR-26-\d{4}/.test(page));
    expect(pagesWithLines.length).toBeGreaterThan(2);
    for (const page of pagesWithLines) expect(page).toMatch(TABLE_HEADER);
    for (const page of pages.slice(1)) expect(page).toContain('Rechnung Nr. RE-2026-0107 vom 31.03.2026');
  });

  it('prints every line exactly once, in order', () => {
    // The ticket number ends each description (it may wrap onto a line of its own).
    const positions = LONG_INVOICE.lines.map((_, index) => text.indexOf(`${longInvoiceTicket(index)})`));
    LONG_INVOICE.lines.forEach((_, index) => expect(occurrences(text, `${longInvoiceTicket(index)})`)).toBe(1));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toMatch(/\n80\s+Netzwerkkabel Cat\. 7 verlegt, Filiale\s+12,5\s+m\s+3,90 €\s+0 %\s+48,75 €/);
  });

  it('ends with the totals, the reverse-charge note and the payment block after the last line', () => {
    const last = text.indexOf(`${longInvoiceTicket(79)})`);
    const totals = text.indexOf('Summe netto');
    expect(totals).toBeGreaterThan(last);
    expect(text).toMatch(/Summe netto\s+15\.344,00 €/);
    expect(text).toMatch(/USt\. 0 % auf 15\.344,00 €\s+0,00 €/);
    expect(text).toMatch(/Rechnungsbetrag\s+15\.344,00 €/);
    expect(text).toMatch(/Bereits bezahlt\s+-5\.000,00 €/);
    expect(text).toMatch(/Offener Betrag\s+10\.344,00 €/);
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)');
    expect(text).toContain('Zahlbar ohne Abzug bis 30.04.2026 (30 Tage netto).');
    expect(text.indexOf('Zahlbar ohne Abzug')).toBeGreaterThan(totals);
  });

  it('writes the foreign country under the address and the buyer VAT ID in the info block', () => {
    expect(pages[0]).toMatch(/1070 Wien\s[\s\S]*ÖSTERREICH/);
    expect(pages[0]).toMatch(/Ihre USt-IdNr\.\s+ATU12345678/);
    // The seller's footer address names its country for a buyer abroad.
    expect(pages[0]).toContain('DEUTSCHLAND');
  });
});

describe('renderInvoicePdf: blocks that do not fit move to the next page whole', () => {
  it('keeps the totals and the payment block together, on the next page when they do not fit', async () => {
    const moved = { totals: false, payment: false };
    for (let count = 8; count <= 23; count++) {
      const { pages } = await pdfText(await renderInvoicePdf(withLines(count), { now: NOW }));
      const page = (needle: string) => pages.findIndex((p) => p.includes(needle));
      const lastLine = page(`Position ${count}\n`);
      expect(page('Summe netto'), `${count} lines`).toBe(page('Rechnungsbetrag'));
      expect(page('Bei Zahlung bis'), `${count} lines`).toBe(page('Mit Banking-App scannen'));
      expect(page('Bankverbindung'), `${count} lines`).toBe(page('Verwendungszweck'));
      if (page('Summe netto') > lastLine) moved.totals = true;
      if (page('Bei Zahlung bis') > page('Rechnungsbetrag')) moved.payment = true;
    }
    // Between 8 and 23 lines both blocks once had to move (measured: payment from 10, totals from 20 lines).
    expect(moved).toEqual({ totals: true, payment: true });
  });

  it('splits a description taller than a page over two pages', async () => {
    const sentence = 'Dieser Absatz beschreibt eine sehr umfangreiche Leistung ausführlich. ';
    const line = { ...GERMAN_INVOICE.lines[0]!, description: `${sentence.repeat(60)}ENDE` };
    const { text, pageCount } = await pdfText(await renderInvoicePdf({ ...GERMAN_INVOICE, lines: [line] }, { now: NOW }));
    expect(pageCount).toBeGreaterThanOrEqual(2);
    expect(occurrences(text, 'Dieser Absatz') + occurrences(text, 'Absatz beschreibt')).toBeGreaterThanOrEqual(60);
    expect(text).toContain('ENDE');
  });
});

/** The German invoice with one-line positions (totals as printed; only the layout is tested). */
function withLines(count: number): OutgoingInvoice {
  const line = GERMAN_INVOICE.lines[4]!;
  return {
    ...GERMAN_INVOICE,
    lines: Array.from({ length: count }, (_, index) => ({ ...line, position: index + 1, description: `Position ${index + 1}` })),
  };
}
