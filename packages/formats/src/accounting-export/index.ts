export type { AccountingBooking, BookingBatchInfo, BookingKind, PersonalAccount } from './booking';
export {
  AccountingFormatError,
  isAccountingFormatError,
  type AccountingFormatErrorCode,
  type AccountingFormatParams,
} from './accounting-format-error';
export { charactersOutsideCp1252, decodeCp1252, encodeCp1252, isCp1252 } from './cp1252';
export { FORMULA_START, formatCsvCell, formatCsvLine, neutraliseFormula, quoteCsvCell, quoteCsvText } from './csv-cells';
export type { RecordSource } from './line-chunks';
export * from './datev';
export * from './bmd';
export * from './rzl';
export * from './kontor-csv';
