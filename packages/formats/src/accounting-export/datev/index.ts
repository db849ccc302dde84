export { DATEV_BOOKING_COLUMNS, DATEV_TEXT_COLUMN_POSITIONS } from './datev-columns';
export { datevHeaderLine, type DatevHeaderOptions } from './datev-header';
export { datevBookingLine, writeDatevBookings } from './write-datev-bookings';
export {
  DATEV_LIMITS,
  DATEV_MAX_BOOKINGS_PER_FILE,
  cleanDatevDocumentNumber,
  isDatevAccount,
  isDatevLedgerAccount,
  isDatevPersonalAccount,
  isDatevTaxKey,
} from './datev-rules';
export { readDatevFile, type DatevFile, type DatevHeader } from './read-datev-file';
export { datevDocumentXml, DATEV_DOCUMENT_NAMESPACE, type DatevDocument } from './datev-document-xml';
