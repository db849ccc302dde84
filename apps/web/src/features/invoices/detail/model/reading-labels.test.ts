import { describe, expect, it } from 'vitest';
import { FORMAL_INVOICE_ITEMS, READ_DOUBT_REASONS, READING_KINDS } from '@kontor/domain/invoices/invoice-reading';
import detailDe from '@/locales/de/invoice-detail.json';
import detailEn from '@/locales/en/invoice-detail.json';
import { describeEinvoiceProfile, describeReadMark, sortFormalItems, type ReadMarkKey } from './reading-labels';

describe('describeReadMark', () => {
  it('calls values from the e-invoice XML exact', () => {
    expect(describeReadMark({ source: 'xml', confidence: 1 })).toEqual({ key: 'xml', percent: 100, isSure: true });
  });

  it('says how sure a text reading is, and asks to check below 80 %', () => {
    expect(describeReadMark({ source: 'text', confidence: 0.92 })).toEqual({ key: 'textSure', percent: 92, isSure: true });
    expect(describeReadMark({ source: 'text', confidence: 0.8 }).isSure).toBe(true);
    expect(describeReadMark({ source: 'text', confidence: 0.62 })).toEqual({ key: 'textUnsure', percent: 62, isSure: false });
  });

  it('marks OCR readings the same way', () => {
    expect(describeReadMark({ source: 'ocr', confidence: 0.85 }).key).toBe('ocrSure');
    expect(describeReadMark({ source: 'ocr', confidence: 0.5 })).toEqual({ key: 'ocrUnsure', percent: 50, isSure: false });
  });

  it('never calls a field left empty on purpose sure, and says why in both languages', () => {
    expect(describeReadMark({ source: 'text', confidence: 0, doubt: 'totals_disagree' }).isSure).toBe(false);
    for (const reason of READ_DOUBT_REASONS) {
      expect(detailDe.reading.doubts[reason]).toMatch(/bitte eintragen/);
      expect(detailEn.reading.doubts[reason]).toMatch(/please enter/);
    }
  });
});

describe('describeEinvoiceProfile', () => {
  it('names XRechnung with its version', () => {
    const id = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    expect(describeEinvoiceProfile('einvoice-xml', id)).toBe('XRechnung 3.0');
    expect(describeEinvoiceProfile('einvoice-pdf', id)).toBe('ZUGFeRD XRECHNUNG 3.0');
  });

  it('names ZUGFeRD and Factur-X profiles', () => {
    expect(describeEinvoiceProfile('einvoice-pdf', 'urn:cen.eu:en16931:2017')).toBe('ZUGFeRD EN 16931');
    expect(describeEinvoiceProfile('einvoice-pdf', 'urn:factur-x.eu:1p0:basicwl')).toBe('ZUGFeRD BASIC WL');
    expect(describeEinvoiceProfile('einvoice-pdf', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')).toBe(
      'ZUGFeRD EXTENDED',
    );
    expect(describeEinvoiceProfile('einvoice-pdf', 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort')).toBe(
      'ZUGFeRD 1.0 COMFORT',
    );
    expect(describeEinvoiceProfile('einvoice-xml', 'urn:cen.eu:en16931:2017')).toBe('EN 16931');
  });

  it('keeps an unknown profile as it is and says nothing without one', () => {
    expect(describeEinvoiceProfile('einvoice-xml', 'urn:example:custom')).toBe('urn:example:custom');
    expect(describeEinvoiceProfile('einvoice-xml', null)).toBeNull();
  });
});

describe('sortFormalItems', () => {
  it('lists the missing items in the order of §14 UStG', () => {
    expect(sortFormalItems(['tax_rate_and_amount', 'invoice_number', 'supplier_name_address'])).toEqual([
      'supplier_name_address',
      'invoice_number',
      'tax_rate_and_amount',
    ]);
  });
});

describe('the reading texts', () => {
  const marks: ReadMarkKey[] = ['xml', 'textSure', 'textUnsure', 'ocrSure', 'ocrUnsure'];

  it.each([
    ['en', detailEn],
    ['de', detailDe],
  ])('exist in %s for every mark, kind and §14 item', (_, texts) => {
    for (const key of marks) expect(texts.reading.marks[key]).toBeTruthy();
    for (const kind of READING_KINDS) expect(texts.reading.kinds[kind]).toBeTruthy();
    for (const item of FORMAL_INVOICE_ITEMS) expect(texts.reading.formalItems[item]).toBeTruthy();
  });

  it('say how sure a reading is', () => {
    expect(detailEn.reading.marks.textSure.replace('{{percent}}', '92')).toBe('Read from the PDF text — 92 % sure');
    expect(detailDe.reading.marks.ocrUnsure).toBe('Per OCR gelesen – bitte prüfen');
  });
});
