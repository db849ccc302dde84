export { BankFileError, isBankFileError, type BankFileErrorCode } from './bank-file-error';
export { stringSource, type ByteSource } from './byte-source';
export type { BankAmount } from './amount';
export type * from './read-items';
export type * from './camt053-types';
export type * from './pain001-types';
export { readCamt053, readCamt053String } from './read-camt053';
export { readPain001, readPain001String } from './read-pain001';
