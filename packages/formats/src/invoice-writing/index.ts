/** Outgoing invoice documents (issue 65): CII and UBL XML, and the PDF (ZUGFeRD/Factur-X hybrid). */
export type * from './outgoing-invoice';
export { writeCiiInvoice, type EinvoiceProfile } from './cii';
export { writeUblInvoice } from './ubl';
export { unitCodeFor } from './unit-codes';
export { taxCategoryFor, type TaxCategoryChoice } from './tax-categories';
export { logoForPdf } from './logo-image';
export { renderInvoicePdf, epcQrPayload, invoiceFormat, type InvoiceFormat } from './pdf';
