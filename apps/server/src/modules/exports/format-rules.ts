import type { ExportFormat, ExportSettings } from '@kontor/domain';
import { charactersOutsideCp1252, cleanDatevDocumentNumber, DATEV_LIMITS } from '@kontor/formats';

/**
 * What each accountant's tool refuses, as the pre-export check asks it (issue 41 item 4). The
 * codecs in packages/formats hold the exact limits; this says which apply to which format.
 */
export interface FormatRules {
  /** Kontor's own CSV carries whatever the invoice has; the bookkeeping formats need accounts. */
  needsAccounts: boolean;
  /** Whether the file is Windows-1252 (DATEV, BMD): characters beyond it cannot be written. */
  isCp1252: boolean;
  isPersonalAccount(code: string, settings: ExportSettings): boolean;
  isLedgerAccount(code: string, settings: ExportSettings): boolean;
  /** The digits an account may have, as the problem names them ("5", "1–4"): language-neutral. */
  personalAccountDigits(settings: ExportSettings): string;
  ledgerAccountDigits(settings: ExportSettings): string;
  isTaxKey(code: string): boolean;
  documentNumberMax: number;
  /** The document number as the format can hold it (DATEV Belegfeld 1 allows few characters). */
  cleanDocumentNumber(number: string): string;
  textMax: number;
  costCenterMax: number;
  /** Cost centre columns the file has: DATEV KOST1 and KOST2, BMD `kost` and RZL `kostenstelle` one. */
  costCenterColumns: 1 | 2;
  /** BMD sends creditors new to it in Personenkonten.csv, whose fields must be Windows-1252 too. */
  writesPersonalAccounts: boolean;
}

const digits = (code: string) => /^\d+$/.test(code);

const DATEV: FormatRules = {
  needsAccounts: true,
  isCp1252: true,
  // DATEV: G/L accounts have up to the Sachkontenlänge digits, personal accounts exactly one more.
  isPersonalAccount: (code, settings) => digits(code) && code.length === settings.accountLength + 1,
  isLedgerAccount: (code, settings) => digits(code) && code.length <= settings.accountLength,
  personalAccountDigits: (settings) => String(settings.accountLength + 1),
  ledgerAccountDigits: (settings) => `1–${settings.accountLength}`,
  isTaxKey: (code) => /^\d{1,4}$/.test(code),
  documentNumberMax: DATEV_LIMITS.documentNumber,
  cleanDocumentNumber: cleanDatevDocumentNumber,
  textMax: DATEV_LIMITS.text,
  costCenterMax: DATEV_LIMITS.costCenter,
  costCenterColumns: 2,
  writesPersonalAccounts: false,
};

/** BMD and RZL: numeric accounts of up to nine digits, whatever the Sachkontenlänge; numeric tax codes. */
const AUSTRIAN: FormatRules = {
  needsAccounts: true,
  isCp1252: true,
  isPersonalAccount: (code) => digits(code) && code.length <= 9,
  isLedgerAccount: (code) => digits(code) && code.length <= 9,
  personalAccountDigits: () => '1–9',
  ledgerAccountDigits: () => '1–9',
  isTaxKey: (code) => /^\d{1,3}$/.test(code),
  documentNumberMax: 36,
  cleanDocumentNumber: (number) => number,
  textMax: 50,
  costCenterMax: 20,
  costCenterColumns: 1,
  writesPersonalAccounts: true,
};

const KONTOR_CSV: FormatRules = {
  needsAccounts: false,
  isCp1252: false,
  isPersonalAccount: () => true,
  isLedgerAccount: () => true,
  personalAccountDigits: () => '',
  ledgerAccountDigits: () => '',
  isTaxKey: () => true,
  documentNumberMax: Number.POSITIVE_INFINITY,
  cleanDocumentNumber: (number) => number,
  textMax: Number.POSITIVE_INFINITY,
  costCenterMax: Number.POSITIVE_INFINITY,
  costCenterColumns: 2,
  writesPersonalAccounts: false,
};

export const FORMAT_RULES: Readonly<Record<ExportFormat, FormatRules>> = {
  datev: DATEV,
  bmd: AUSTRIAN,
  // RZL's XML is UTF-8, but RZL itself runs on Windows-1252: what it cannot show is refused early.
  rzl: { ...AUSTRIAN, writesPersonalAccounts: false },
  kontor_csv: KONTOR_CSV,
};

export { charactersOutsideCp1252 };
