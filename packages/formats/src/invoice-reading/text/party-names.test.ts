import { describe, expect, it } from 'vitest';
import { emptyExtractedInvoice, type ExtractedInvoice } from '../extracted-invoice.js';
import { toLines } from './lines.js';
import { isName, sameCompany, sellerBlockName, withoutOwnOrganisation } from './party-names.js';

describe('isName', () => {
  it.each([
    'Lieferant GmbH',
    'MUSTERLIEFERANT GMBH',
    'Amazon Web Services, Inc.',
    'de Lattre Alexis',
    'Versicherungsverein a.G.',
    'OYO',
  ])('accepts %s', (name) => expect(isName(name)).toBe(true));
  it.each([
    ['a sentence', 'encapsulated their company data in the image below'],
    ['a sentence with a capital', '** This is not a VAT invoice'],
    ['a bare legal form', 'GmbH'],
    ['a label', 'Nummer'],
    ['a label without its colon', 'Beleg-Datum'],
    ['a label with a value', 'Name: Lieferant GmbH'],
    ['a street', 'Lieferantenstraße 20'],
    ['a postcode and city', '80333 München'],
    ['a copyright line', '(c) AWV e.V.'],
    ['a web address', 'www.musterlieferant.de'],
    ['a number', '4000001123452'],
  ])('rejects %s', (_, text) => expect(isName(text)).toBe(false));
});

describe('sellerBlockName', () => {
  it('takes "Name:" under the seller heading, not the buyer block', () => {
    const lines = toLines(
      ['Verkäufer', 'Nummer:   549910', 'Name:   Lieferant GmbH', 'Käufer/Leistungsempfänger', 'Name:   Kunden AG Mitte'].join(
        '\n',
      ),
    );
    expect(sellerBlockName(lines)).toMatchObject({ name: 'Lieferant GmbH', how: 'name-label' });
  });

  it('takes the first line that is a name under a heading without "Name:"', () => {
    const lines = toLines(['Verkäufer:', 'Nummer   : 549910', 'MUSTERLIEFERANT GMBH', 'BAHNHOFSTRASSE 99'].join('\n'));
    expect(sellerBlockName(lines)).toMatchObject({ name: 'MUSTERLIEFERANT GMBH', how: 'first-name' });
  });

  it('joins a value that wrapped above its label in the same column (page positions)', () => {
    const text = ['Verkäufer', 'MVM Musterhafter', 'Name:   Versicherungsverein Musterstadt a.G.'].join('\n');
    const layout = [
      [{ x: 40, xEnd: 90 }],
      [{ x: 200, xEnd: 290 }],
      [
        { x: 40, xEnd: 70 },
        { x: 200, xEnd: 380 },
      ],
    ];
    expect(sellerBlockName(toLines(text, layout))?.name).toBe('MVM Musterhafter Versicherungsverein Musterstadt a.G.');
    // Without positions the line above is not known to belong to the value.
    expect(sellerBlockName(toLines(text))?.name).toBe('Versicherungsverein Musterstadt a.G.');
  });

  it('finds nothing without a seller heading', () => {
    expect(sellerBlockName(toLines('Lieferant GmbH\nLieferantenstraße 20'))).toBeNull();
  });
});

describe('withoutOwnOrganisation', () => {
  const reading = (kind: ExtractedInvoice['kind'], name: string): ExtractedInvoice => ({
    ...emptyExtractedInvoice(kind),
    seller: { name: { value: name, confidence: 0.8, source: 'text' } },
  });

  it('leaves the supplier empty when the name read is the organisation itself, saying why', () => {
    const result = withoutOwnOrganisation(reading('text-pdf', 'KONTOR Demo GmbH'), 'Kontor Demo GmbH');
    expect(result.seller.name).toBeUndefined();
    expect(result.doubts).toEqual([{ field: 'seller.name', reason: 'own_organisation' }]);
  });

  it('keeps another company and e-invoice readings as they are', () => {
    expect(withoutOwnOrganisation(reading('ocr', 'Lieferant GmbH'), 'Kontor Demo GmbH').seller.name?.value).toBe(
      'Lieferant GmbH',
    );
    expect(withoutOwnOrganisation(reading('einvoice-xml', 'Kontor Demo GmbH'), 'Kontor Demo GmbH').seller.name?.value).toBe(
      'Kontor Demo GmbH',
    );
  });

  it('compares names without legal form, punctuation and case', () => {
    expect(sameCompany('Muster-Bau GmbH & Co. KG', 'muster bau')).toBe(true);
    expect(sameCompany('Muster Bau AG', 'Muster Holz AG')).toBe(false);
  });
});
