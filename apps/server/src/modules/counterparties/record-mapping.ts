import { splitReminderEmails, type Counterparty, type CounterpartyFields } from '@kontor/domain';
import type { Tx, OrgId } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { uniqueViolationConstraint } from '../master-data/db-errors';
import {
  countCounterpartyInvoices,
  findCounterpartyRow,
  findUserName,
  listBankAccountRows,
  type BankAccountRow,
  type CounterpartyRow,
  type CounterpartyValues,
} from './record-repo';

/** The form's fields as columns; reminder e-mails are kept as a list (the form writes them comma separated). */
export function toCounterpartyValues(
  fields: CounterpartyFields,
  numbers: { accountsPayableNumber: string | null; accountsReceivableNumber: string | null },
): CounterpartyValues {
  const emails = splitReminderEmails(fields.paymentReminderEmails);
  return {
    name: fields.name,
    vatNumber: fields.vatNumber,
    email: fields.email,
    description: fields.description,
    street: fields.street,
    zip: fields.zip,
    city: fields.city,
    country: fields.country,
    accountsPayableNumber: numbers.accountsPayableNumber,
    accountsReceivableNumber: numbers.accountsReceivableNumber,
    defaultLedgerAccountId: fields.defaultLedgerAccountId,
    paymentTermsDays: fields.paymentTermsDays,
    skontoDays: fields.skontoDays,
    skontoRate: fields.skontoRate,
    paymentRemindersEnabled: fields.paymentRemindersEnabled,
    paymentReminderEmails: emails.length > 0 ? emails : null,
    leitwegId: fields.leitwegId,
    invoiceLanguage: fields.invoiceLanguage,
  };
}

/** What the activity log compares and keeps: the record's own fields and its bank accounts. */
export function toLoggedFields(row: CounterpartyRow, accounts: { name: string; iban: string; bic: string | null }[]) {
  return {
    name: row.name,
    vatNumber: row.vatNumber,
    email: row.email,
    description: row.description,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    accountsPayableNumber: row.accountsPayableNumber,
    accountsReceivableNumber: row.accountsReceivableNumber,
    defaultLedgerAccountId: row.defaultLedgerAccountId,
    paymentTermsDays: row.paymentTermsDays,
    skontoDays: row.skontoDays,
    skontoRate: row.skontoRate,
    paymentRemindersEnabled: row.paymentRemindersEnabled,
    paymentReminderEmails: row.paymentReminderEmails?.join(', ') ?? null,
    leitwegId: row.leitwegId,
    invoiceLanguage: row.invoiceLanguage,
    bankAccounts: accounts.map((account) => ({ name: account.name, iban: account.iban, bic: account.bic })),
  };
}

export function toCounterparty(
  row: CounterpartyRow,
  accounts: BankAccountRow[],
  invoiceCounts: { total: number; open: number },
  trustedByName: string | null,
): Counterparty {
  return {
    ...toLoggedFields(row, accounts),
    id: row.id,
    bankAccounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      iban: account.iban,
      bic: account.bic,
      createdAt: account.createdAt.toISOString(),
    })),
    isTrusted: row.isTrusted,
    trustedAt: row.isTrusted ? (row.markedTrustedAt?.toISOString() ?? null) : null,
    trustedBy: row.isTrusted && row.markedTrustedBy ? { id: row.markedTrustedBy, name: trustedByName ?? '' } : null,
    vatCheck: row.vatCheck ?? null,
    invoiceCount: invoiceCounts.total,
    openInvoiceCount: invoiceCounts.open,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The whole record as GET /api/counterparties/:id answers it; 404 when it is not in this organisation. */
export async function readCounterparty(tx: Tx, orgId: OrgId, id: string): Promise<Counterparty> {
  const row = await findCounterpartyRow(tx, orgId, id);
  if (!row) throw new AppError('counterparty_not_found');
  const [accounts, invoiceCounts, trustedByName] = await Promise.all([
    listBankAccountRows(tx, orgId, id),
    countCounterpartyInvoices(tx, orgId, id),
    row.isTrusted && row.markedTrustedBy ? findUserName(tx, row.markedTrustedBy) : Promise.resolve(null),
  ]);
  return toCounterparty(row, accounts, invoiceCounts, trustedByName);
}

/**
 * Unique indexes that a racing or explicit value can hit (migration 0017) as the answers of
 * SPEC §8: a taken AP/AR number, a bank account that exists already.
 */
export async function translateCounterpartyConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint === 'counterparties_ap_number_uq') throw numberTaken('accountsPayableNumber');
    if (constraint === 'counterparties_ar_number_uq') throw numberTaken('accountsReceivableNumber');
    if (constraint === 'counterparty_bank_accounts_uq') throw new AppError('bank_account_conflict');
    throw error;
  }
}

export function numberTaken(field: 'accountsPayableNumber' | 'accountsReceivableNumber' | 'vatNumber'): AppError {
  return new AppError('counterparty_exists', { field }, { fieldErrors: { [field]: ['number_taken'] } });
}
