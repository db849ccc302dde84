/** E-invoice reading: XRechnung/EN 16931 (UBL, CII), ZUGFeRD 1.0/2.x and Factur-X (XML or PDF). */
export { readEInvoiceXml, detectSyntax } from './read-xml';
export { readEInvoicePdf } from './read-pdf';
export { toMinorUnits, toBasisPoints, currencyExponent } from './amounts';
export { normaliseIban } from './payment';
