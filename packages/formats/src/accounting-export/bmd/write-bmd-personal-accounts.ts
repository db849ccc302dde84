/**
 * Personenkonten.csv of a BMD "BuErf" import: the creditors BMD does not know yet, so that the
 * bookings on their accounts find a master record (the finmatics note in FORMAT_NOTES.md). Same
 * rules as the bookings: `;`, CRLF, Windows-1252, field names in the header line.
 */
import { AccountingFormatError, isAccountingFormatError } from '../accounting-format-error';
import type { PersonalAccount } from '../booking';
import { singleLine } from '../booking-checks';
import { encodeCp1252 } from '../cp1252';
import { quoteCsvCell } from '../csv-cells';

export const BMD_PERSONAL_ACCOUNT_COLUMNS = [
  'konto',
  'name',
  'strasse',
  'plz',
  'ort',
  'land',
  'uidnummer',
  'email',
  'iban',
  'bic',
  'zahlungsziel',
] as const;

const cell = (value: string | null) => quoteCsvCell(singleLine(value ?? '').trim(), ';');

function personalAccountLine(account: PersonalAccount): string {
  if (account.account.trim() === '') throw new AccountingFormatError('account_missing', { name: account.name });
  return [
    cell(account.account),
    cell(account.name),
    cell(account.street),
    cell(account.zip),
    cell(account.city),
    cell(account.country),
    cell(account.vatNumber),
    cell(account.email),
    cell(account.iban?.replace(/\s+/g, '') ?? null),
    cell(account.bic),
    account.paymentTermsDays === null ? '' : String(Math.trunc(account.paymentTermsDays)),
  ].join(';');
}

/** The whole file (a few hundred creditors at most, so no streaming). */
export function writeBmdPersonalAccounts(accounts: readonly PersonalAccount[]): Buffer {
  const lines = [BMD_PERSONAL_ACCOUNT_COLUMNS.join(';')];
  for (const account of accounts) {
    const line = personalAccountLine(account);
    try {
      encodeCp1252(line);
    } catch (error) {
      if (isAccountingFormatError(error))
        throw new AccountingFormatError(error.code, { ...error.params, account: account.account });
      throw error;
    }
    lines.push(line);
  }
  return encodeCp1252(`${lines.join('\r\n')}\r\n`);
}
