export { writePain001, paymentInformationId } from './write-pain001';
export type { PaymentBatch, SepaPayment, SepaAccountParty, Pain001Version, WritePain001Options } from './payment-batch';
export { SepaExportError, isSepaExportError, type SepaIssue, type SepaIssueCode } from './sepa-export-error';
export { MAX_REMITTANCE_LENGTH } from './check-payment-batch';
export {
  validateSepaXml,
  SEPA_SCHEMAS,
  type SepaSchema,
  type SepaValidationResult,
  type CustomSchema,
} from './validate-sepa-xml';
