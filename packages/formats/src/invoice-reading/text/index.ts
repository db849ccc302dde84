/** Reading invoices from text: a PDF's text layer or OCR output (German and English). */
export { extractPdfText, type PdfText } from './pdf-text.js';
export { readInvoiceText } from './read-invoice-text.js';
export { withoutOwnOrganisation } from './party-names.js';
