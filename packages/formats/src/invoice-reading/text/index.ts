/** Reading invoices from text: a PDF's text layer or OCR output (German and English). */
export { extractPdfText, type PdfText } from './pdf-text.js';
export { readInvoiceText } from './read-invoice-text.js';
export { withoutOwnOrganisation } from './party-names.js';
/** Amounts and dates as people write them in German and English documents and spreadsheets. */
export { parseNumber as parseAmountText } from './amounts.js';
export { firstDate as parseDateText } from './dates.js';
