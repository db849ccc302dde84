import { describe, expect, it } from 'vitest';
import { readInvoiceText } from './read-invoice-text.js';

const GERMAN = `Müller Haustechnik GmbH
Gartenstraße 17
70173 Stuttgart
Müller Haustechnik GmbH · Gartenstraße 17 · 70173 Stuttgart
Bäckerei Sonnenschein
Hauptstr. 3
72070 Tübingen                          Rechnungsnummer:   RE-2026-1187
                                        Rechnungsdatum:    21. November 2026
                                        Ihre Bestellung:   B-55012
                                        Leistungszeitraum: 01.10.2026 – 31.10.2026
Rechnung
Pos.   Beschreibung                     Menge     Einzelpreis     Gesamt
1      Wartung Heizungsanlage           1         850,00 €        850,00 €
2      Ersatzteile                      1         384,56 €        384,56 €
Nettobetrag                                                     1.234,56 €
MwSt 19 %                                                         234,57 €
Gesamtbetrag                                                    1.469,13 €
Zahlbar innerhalb von 30 Tagen netto. 2 % Skonto bei Zahlung innerhalb von 10 Tagen.
Kreissparkasse Stuttgart · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX
USt-IdNr.: DE 123 456 789 · Steuernummer: 99/123/45678`;

const ENGLISH = `Brightline Software Ltd
12 Market Street
Manchester M1 1AE
United Kingdom
INVOICE
Invoice No.: INV-00931                 Invoice date: November 21, 2026
PO number: PO-7781                     Due date: December 21, 2026
Bill to:
Acme Trading Inc.
Service period: 01/10/2026 - 31/10/2026
Description                     Qty     Unit price      Amount
Consulting                      10      $1,150.00       $11,500.00
Subtotal                                                $11,500.00
VAT 20%                                                  $2,300.00
Total                                                   $13,800.00
Amount due                                              $13,800.00
Payment terms: 2/10 net 30
IBAN: GB29 NWBK 6016 1331 9268 19   BIC: NWBKGB2L
VAT No.: GB123456789`;

describe('readInvoiceText (German)', () => {
  const inv = readInvoiceText(GERMAN, 'text');

  it('reads number, dates, order and period', () => {
    expect(inv.kind).toBe('text-pdf');
    expect(inv.invoiceNumber?.value).toBe('RE-2026-1187');
    expect(inv.date?.value).toBe('2026-11-21');
    expect(inv.purchaseOrder?.value).toBe('B-55012');
    expect(inv.billingPeriodStart?.value).toBe('2026-10-01');
    expect(inv.billingPeriodEnd?.value).toBe('2026-10-31');
  });

  it('reads German amounts, rate and currency, and trusts consistent totals', () => {
    expect(inv.netAmount?.value).toBe(123456);
    expect(inv.taxAmount?.value).toBe(23457);
    expect(inv.totalAmount?.value).toBe(146913);
    expect(inv.taxRate?.value).toBe(1900);
    expect(inv.currency?.value).toBe('EUR');
    expect(inv.totalAmount!.confidence).toBeGreaterThan(0.9);
    expect(inv.totalAmount!.source).toBe('text');
  });

  it('reads payment term, due date and skonto', () => {
    expect(inv.paymentTermDays?.value).toBe(30);
    expect(inv.dueDate?.value).toBe('2026-12-21');
    expect(inv.skonto?.value).toEqual({ rate: 200, days: 10, amount: Math.round(146913 * 0.02) });
  });

  it('reads the supplier: name, address, IBAN in groups, BIC, VAT ID, tax number', () => {
    expect(inv.seller.name?.value).toBe('Müller Haustechnik GmbH');
    expect(inv.seller.address?.value).toMatchObject({
      street: 'Gartenstraße 17',
      postalCode: '70173',
      city: 'Stuttgart',
      countryCode: 'DE',
    });
    expect(inv.iban?.value).toBe('DE89370400440532013000');
    expect(inv.bic?.value).toBe('COBADEFFXXX');
    expect(inv.seller.vatId?.value).toBe('DE123456789');
    expect(inv.seller.taxNumber?.value).toBe('99/123/45678');
    expect(inv.buyer.name?.value).toBe('Bäckerei Sonnenschein');
  });

  it('leaves net and tax empty, saying why, when they do not add up to the total', () => {
    const wrong = readInvoiceText(GERMAN.replace('1.469,13 €', '1.569,13 €'), 'text');
    expect(wrong.netAmount).toBeUndefined();
    expect(wrong.taxAmount).toBeUndefined();
    expect(wrong.doubts).toEqual([
      { field: 'netAmount', reason: 'totals_disagree' },
      { field: 'taxAmount', reason: 'totals_disagree' },
    ]);
    // The total stands alone, less sure than when everything agrees.
    expect(wrong.totalAmount?.value).toBe(156913);
    expect(wrong.totalAmount!.confidence).toBeLessThan(inv.totalAmount!.confidence);
  });
});

describe('readInvoiceText (English)', () => {
  const inv = readInvoiceText(ENGLISH, 'text');

  it('reads number, dates, PO and service period', () => {
    expect(inv.invoiceNumber?.value).toBe('INV-00931');
    expect(inv.date?.value).toBe('2026-11-21');
    expect(inv.dueDate?.value).toBe('2026-12-21');
    expect(inv.purchaseOrder?.value).toBe('PO-7781');
    expect(inv.billingPeriodStart?.value).toBe('2026-10-01');
    expect(inv.billingPeriodEnd?.value).toBe('2026-10-31');
  });

  it('reads English number format and the dollar', () => {
    expect(inv.netAmount?.value).toBe(1150000);
    expect(inv.taxAmount?.value).toBe(230000);
    expect(inv.totalAmount?.value).toBe(1380000);
    expect(inv.amountDue?.value).toBe(1380000);
    expect(inv.taxRate?.value).toBe(2000);
    expect(inv.currency?.value).toBe('USD');
  });

  it('reads 2/10 net 30, IBAN, BIC, VAT number and seller', () => {
    expect(inv.skonto?.value).toMatchObject({ rate: 200, days: 10 });
    expect(inv.paymentTermDays?.value).toBe(30);
    expect(inv.iban?.value).toBe('GB29NWBK60161331926819');
    expect(inv.bic?.value).toBe('NWBKGB2L');
    expect(inv.seller.vatId?.value).toBe('GB123456789');
    expect(inv.seller.name?.value).toBe('Brightline Software Ltd');
    expect(inv.buyer.name?.value).toBe('Acme Trading Inc.');
  });
});

describe('readInvoiceText variants', () => {
  it.each([
    ['Rechnung Nr. 2026-17 vom 03.02.2026', '2026-17', '2026-02-03'],
    ['Invoice #A-991   Date: 2026-02-03', 'A-991', '2026-02-03'],
    ['Invoice Number: 77   Invoice Date: 03/02/2026', '77', '2026-02-03'],
  ])('%s', (line, number, date) => {
    const inv = readInvoiceText(`${line}\nGesamtbetrag 10,00 €`, 'text');
    expect(inv.invoiceNumber?.value).toBe(number);
    expect(inv.date?.value).toBe(date);
  });

  it('reads "3% Skonto innerhalb 7 Tagen", "fällig am", GBP and Lieferdatum', () => {
    const inv = readInvoiceText(
      'Rechnungsnummer: 5\nLieferdatum: 02.03.2026\nfällig am 31.03.2026\n3% Skonto innerhalb 7 Tagen\nTotal £ 1,000.00',
      'text',
    );
    expect(inv.skonto?.value).toMatchObject({ rate: 300, days: 7 });
    expect(inv.dueDate?.value).toBe('2026-03-31');
    expect(inv.deliveryDate?.value).toBe('2026-03-02');
    expect(inv.currency?.value).toBe('GBP');
    expect(inv.totalAmount?.value).toBe(100000);
  });

  it('rejects an IBAN with a wrong check digit', () => {
    const inv = readInvoiceText('IBAN: DE88 3704 0044 0532 0130 00', 'text');
    expect(inv.iban).toBeUndefined();
  });

  it('undoes OCR noise in numbers and marks the source', () => {
    const inv = readInvoiceText(
      'Rechnungsnummer: 4711\nRechnungsdatum: 2l.11.2O26\nNettobetrag 1.OOO,00 €\nMwSt l9 % 19O,00 €\nGesamtbetrag 1.19O, 00 €\nIBAN DE89 37O4 0044 0532 0130 00',
      'ocr',
    );
    expect(inv.kind).toBe('ocr');
    expect(inv.date?.value).toBe('2026-11-21');
    expect(inv.netAmount?.value).toBe(100000);
    expect(inv.taxAmount?.value).toBe(19000);
    expect(inv.totalAmount?.value).toBe(119000);
    expect(inv.taxRate?.value).toBe(1900);
    expect(inv.iban?.value).toBe('DE89370400440532013000');
    expect(inv.totalAmount?.source).toBe('ocr');
  });
});

describe('what is never taken for the supplier', () => {
  it('ignores a file name or a document title on the first line', () => {
    expect(readInvoiceText('buerowelt.pdf\nGesamtbetrag 119,00 EUR', 'text').seller.name).toBeUndefined();
    expect(readInvoiceText('Rechnung R-1001\nGesamtbetrag 119,00 EUR', 'text').seller.name).toBeUndefined();
  });
});

describe('readInvoiceText: German and English labels, plausibility, what is left empty', () => {
  const TODAY = '2026-12-07';

  it('reads the number from a title line and not from a reference to another document', () => {
    const inv = readInvoiceText(
      ['Rechnung des Versicherers (575) Nr. 01.234.567.8-2018-1 vom 06.12.2018', 'Ursprungsbeleg-Nr   : R87654321012345'].join(
        '\n',
      ),
      'text',
      { today: TODAY },
    );
    expect(inv.invoiceNumber?.value).toBe('01.234.567.8-2018-1');
    expect(inv.date?.value).toBe('2018-12-06');
    const correction = readInvoiceText(
      'Ursprungsbeleg-Nr   : R87654321012345\nRechnungskorrektur Nr. RK21012345 vom 16.09.2018',
      'text',
    );
    expect(correction.invoiceNumber?.value).toBe('RK21012345');
  });

  it('takes the date from the line after "Nr. … vom"', () => {
    const inv = readInvoiceText('Gutschrift (Selbst ausgestellte Rechnung) Nr. 471102\nvom 05.03.2018', 'text', { today: TODAY });
    expect(inv.invoiceNumber?.value).toBe('471102');
    expect(inv.date?.value).toBe('2018-03-05');
    expect(inv.type?.value).toBe('credit_note');
  });

  it('reads the totals block of German e-invoice visualisations', () => {
    const inv = readInvoiceText(
      [
        'Umsatzsteuer ( )S   275,00   7   19,25',
        'Umsatzsteuer ( )S   198,00   19   37,62',
        'Positionssumme   473,00',
        'Gesamtbetrag der Zuschläge   0,00',
        'Rechnungssumme ohne USt.   473,00',
        'Steuerbetrag   56,87',
        'Bruttosumme   529,87',
        'Zahlbetrag   529,87',
      ].join('\n'),
      'text',
      { today: TODAY },
    );
    expect([inv.netAmount?.value, inv.taxAmount?.value, inv.totalAmount?.value]).toEqual([47300, 5687, 52987]);
  });

  it('reads English totals and a due date written as a request', () => {
    const inv = readInvoiceText(
      [
        'Invoice # RE-507 issued at 2019-06-10',
        'Net total: 496.00 €',
        'VAT total: 75.04 €',
        'Due payable: 571.04 €',
        'Please remit until 2019-07-01.',
      ].join('\n'),
      'text',
      { today: TODAY },
    );
    expect([inv.netAmount?.value, inv.taxAmount?.value, inv.totalAmount?.value]).toEqual([49600, 7504, 57104]);
    expect(inv.dueDate?.value).toBe('2019-07-01');
    const german = readInvoiceText(
      'Rechnungsdatum: 03.10.2018\nDen Rechnungsbetrag überweisen Sie bitte bis zum\n21.11.2018',
      'text',
      {
        today: TODAY,
      },
    );
    expect(german.dueDate?.value).toBe('2018-11-21');
  });

  it('takes the currency the document states over the symbols it shows', () => {
    const inv = readInvoiceText('Rechnungswährung   : GBP\nWährung der Umsatzsteuerbuchung : EUR\nSumme 100,00 €', 'text');
    expect(inv.currency?.value).toBe('GBP');
  });

  it('keeps a credit note positive with its type, as e-invoices do', () => {
    const inv = readInvoiceText(
      ['Avoir AV-2017-0005', 'Total HT   -218,48 €', 'TVA 20%   -43,70 €', 'Total TTC   -262,18 €'].join('\n'),
      'text',
    );
    expect(inv.type?.value).toBe('credit_note');
    expect([inv.netAmount?.value, inv.taxAmount?.value, inv.totalAmount?.value]).toEqual([21848, 4370, 26218]);
  });

  it('leaves a due date before the invoice date, and an invoice date far in the future, empty', () => {
    const early = readInvoiceText('Rechnungsdatum: 15.03.2026\nFällig am: 01.03.2026', 'text', { today: TODAY });
    expect(early.date?.value).toBe('2026-03-15');
    expect(early.dueDate).toBeUndefined();
    expect(early.doubts).toContainEqual({ field: 'dueDate', reason: 'implausible_date' });
    const future = readInvoiceText('Rechnungsdatum: 15.03.2027', 'text', { today: TODAY });
    expect(future.date).toBeUndefined();
    expect(future.doubts).toContainEqual({ field: 'date', reason: 'implausible_date' });
    // Within the margin (an invoice for next month, dated ahead) it stays.
    expect(readInvoiceText('Rechnungsdatum: 01.01.2027', 'text', { today: TODAY }).date?.value).toBe('2027-01-01');
  });

  it('offers no value whose evidence is too weak, and says so', () => {
    // A date found only somewhere at the top of the page, under no label.
    const inv = readInvoiceText('Muster GmbH\nAm 05.03.2026 geliefert\nRechnungsnummer: 4711', 'text', { today: TODAY });
    expect(inv.invoiceNumber?.value).toBe('4711');
    expect(inv.date).toBeUndefined();
    expect(inv.doubts).toContainEqual({ field: 'date', reason: 'uncertain' });
  });
});
