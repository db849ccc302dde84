/**
 * Pure codecs for bank and accounting formats (camt.053, pain.001, DATEV, BMD, RZL,
 * ZUGFeRD/Factur-X, XRechnung). They arrive with the modules that need them.
 */
export const FORMATS_PACKAGE = '@kontor/formats';
export * from './invoice-reading/einvoice';
export * from './invoice-reading/text/index.js';
export * from './invoice-reading/ocr/index.js';
export * from './invoice-reading/extracted-invoice';
export * from './sepa-credit-transfer';
export * from './bank-files';
export * from './accounting-export';
export * from './invoice-writing';
