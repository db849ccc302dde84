/**
 * Every word the invoice page prints, in German and English. Values arrive formatted (dates,
 * amounts, rates), so a sentence is a function of strings.
 */
import type { DocumentLanguage, OutgoingInvoice, OutgoingTaxCategory } from '../outgoing-invoice';

type DocumentType = OutgoingInvoice['type'];

export interface InvoiceLabels {
  title: Record<DocumentType, (number: string) => string>;
  /** Second title line of a credit note: the invoice it corrects. */
  correctsInvoice(number: string, date: string | null): string;
  intro: Record<DocumentType, string>;
  /** Continuation pages: "Rechnung Nr. X vom 31.12.2026". */
  continuation: Record<DocumentType, (number: string, date: string) => string>;
  info: {
    number: Record<DocumentType, string>;
    date: Record<DocumentType, string>;
    customerNumber: string;
    deliveryDate: string;
    servicePeriod: string;
    dueDate: string;
    leitwegId: string;
    buyerReference: string;
    buyerVatId: string;
    contact: string;
  };
  table: {
    position: string;
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    vatRate: string;
    amount: string;
  };
  totals: {
    net: string;
    vat(rate: string, basis: string): string;
    gross: Record<DocumentType, string>;
    paid: string;
    due: string;
  };
  /** Printed when a tax line of this category carries no exemption reason of its own. */
  exemption: Record<Exclude<OutgoingTaxCategory, 'S'>, string | null>;
  payment: {
    payableBy(due: string, termDays: number | null): string;
    skonto(until: string, rate: string, amount: string, due: string): string;
    refund(amount: string, due: string): string;
    /** Nothing left to pay or to refund. */
    settled: Record<DocumentType, string>;
    bankDetails: string;
    accountHolder: string;
    reference: string;
    amount: string;
    scanHint: string;
  };
  footer: {
    phone: string;
    email: string;
    web: string;
    vatId: string;
    taxNumber: string;
    managingDirectors: string;
  };
  page(number: number, total: number): string;
}

/**
 * A credit note Kontor writes corrects the seller's own invoice: in German a "Rechnungskorrektur".
 * "Gutschrift" would be wrong on the page: under § 14 Abs. 2 UStG it means self-billing by the buyer.
 */
const de: InvoiceLabels = {
  title: { invoice: (number) => `Rechnung Nr. ${number}`, credit_note: (number) => `Rechnungskorrektur Nr. ${number}` },
  correctsInvoice: (number, date) => `zu Rechnung Nr. ${number}${date ? ` vom ${date}` : ''}`,
  intro: {
    invoice: 'Vielen Dank für Ihren Auftrag. Wir berechnen Ihnen die folgenden Leistungen:',
    credit_note: 'Wir korrigieren die Rechnung und schreiben Ihnen die folgenden Positionen gut:',
  },
  continuation: {
    invoice: (number, date) => `Rechnung Nr. ${number} vom ${date}`,
    credit_note: (number, date) => `Rechnungskorrektur Nr. ${number} vom ${date}`,
  },
  info: {
    number: { invoice: 'Rechnungsnr.', credit_note: 'Korrekturnr.' },
    date: { invoice: 'Rechnungsdatum', credit_note: 'Datum' },
    customerNumber: 'Kundennr.',
    deliveryDate: 'Leistungsdatum',
    servicePeriod: 'Leistungszeitraum',
    dueDate: 'Fällig am',
    leitwegId: 'Leitweg-ID',
    buyerReference: 'Ihre Referenz',
    buyerVatId: 'Ihre USt-IdNr.',
    contact: 'Ansprechpartner',
  },
  table: {
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einheit',
    unitPrice: 'Einzelpreis',
    vatRate: 'USt.',
    amount: 'Betrag',
  },
  totals: {
    net: 'Summe netto',
    vat: (rate, basis) => `USt. ${rate} auf ${basis}`,
    gross: { invoice: 'Rechnungsbetrag', credit_note: 'Erstattungsbetrag' },
    paid: 'Bereits bezahlt',
    due: 'Offener Betrag',
  },
  exemption: {
    Z: null,
    E: 'Steuerfreie Leistung.',
    AE: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse-Charge-Verfahren).',
    K: 'Steuerfreie innergemeinschaftliche Lieferung.',
    G: 'Steuerfreie Ausfuhrlieferung.',
  },
  payment: {
    payableBy: (due, termDays) => `Zahlbar ohne Abzug bis ${due}${termDays ? ` (${termDays} Tage netto)` : ''}.`,
    skonto: (until, rate, amount, due) => `Bei Zahlung bis ${until} ${rate} Skonto (${amount}), zahlbar ohne Abzug bis ${due}.`,
    refund: (amount, due) => `Den Betrag von ${amount} erstatten wir Ihnen bis ${due}.`,
    settled: {
      invoice: 'Der Rechnungsbetrag ist bereits vollständig bezahlt. Vielen Dank!',
      credit_note: 'Der Betrag ist bereits vollständig verrechnet.',
    },
    bankDetails: 'Bankverbindung',
    accountHolder: 'Kontoinhaber',
    reference: 'Verwendungszweck',
    amount: 'Betrag',
    scanHint: 'Mit Banking-App scannen',
  },
  footer: {
    phone: 'Tel.',
    email: 'E-Mail',
    web: 'Web',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernr.',
    managingDirectors: 'Geschäftsführung',
  },
  page: (number, total) => `Seite ${number} von ${total}`,
};

const en: InvoiceLabels = {
  title: { invoice: (number) => `Invoice No. ${number}`, credit_note: (number) => `Credit note No. ${number}` },
  correctsInvoice: (number, date) => `for invoice No. ${number}${date ? ` of ${date}` : ''}`,
  intro: {
    invoice: 'Thank you for your order. We invoice you for the following:',
    credit_note: 'We credit you with the following items:',
  },
  continuation: {
    invoice: (number, date) => `Invoice No. ${number} of ${date}`,
    credit_note: (number, date) => `Credit note No. ${number} of ${date}`,
  },
  info: {
    number: { invoice: 'Invoice no.', credit_note: 'Credit note no.' },
    date: { invoice: 'Invoice date', credit_note: 'Date' },
    customerNumber: 'Customer no.',
    deliveryDate: 'Delivery date',
    servicePeriod: 'Service period',
    dueDate: 'Due date',
    leitwegId: 'Leitweg-ID',
    buyerReference: 'Your reference',
    buyerVatId: 'Your VAT ID',
    contact: 'Contact',
  },
  table: {
    position: 'Pos.',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    unitPrice: 'Unit price',
    vatRate: 'VAT',
    amount: 'Amount',
  },
  totals: {
    net: 'Total net',
    vat: (rate, basis) => `VAT ${rate} on ${basis}`,
    gross: { invoice: 'Invoice total', credit_note: 'Credit total' },
    paid: 'Already paid',
    due: 'Amount due',
  },
  exemption: {
    Z: null,
    E: 'VAT-exempt supply.',
    AE: 'Reverse charge: the recipient of the supply is liable for VAT.',
    K: 'VAT-exempt intra-community supply.',
    G: 'VAT-exempt export supply.',
  },
  payment: {
    payableBy: (due, termDays) => `Payable without deduction by ${due}${termDays ? ` (net ${termDays} days)` : ''}.`,
    skonto: (until, rate, amount, due) =>
      `If paid by ${until}: ${rate} early payment discount (${amount}); payable without deduction by ${due}.`,
    refund: (amount, due) => `We will refund ${amount} to you by ${due}.`,
    settled: {
      invoice: 'This invoice has already been paid in full. Thank you!',
      credit_note: 'This credit note has already been settled in full.',
    },
    bankDetails: 'Bank details',
    accountHolder: 'Account holder',
    reference: 'Reference',
    amount: 'Amount',
    scanHint: 'Scan with your banking app',
  },
  footer: {
    phone: 'Phone',
    email: 'Email',
    web: 'Web',
    vatId: 'VAT ID',
    taxNumber: 'Tax no.',
    managingDirectors: 'Managing directors',
  },
  page: (number, total) => `Page ${number} of ${total}`,
};

export const INVOICE_LABELS: Record<DocumentLanguage, InvoiceLabels> = { de, en };
