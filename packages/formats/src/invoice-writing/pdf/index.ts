/** The PDF of an outgoing invoice, optionally as a ZUGFeRD 2 / Factur-X hybrid (PDF/A-3b), and its GiroCode. */
export { renderInvoicePdf, type RenderInvoicePdfOptions } from './render-invoice-pdf';
export { epcQrPayload } from './epc-qr-payload';
export { invoiceFormat, type InvoiceFormat } from './invoice-formatting';
