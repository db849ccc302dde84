import {
  isExportWarning,
  type ExportFormat,
  type ExportProblem,
  type ExportProblemCode,
  type ExportProblemField,
  type ExportSettings,
} from '@kontor/domain';
import { linesOf, type ExportInvoiceRow } from './export-rows';
import type { ExportPaymentRow } from './export-payments';
import { charactersOutsideCp1252, FORMAT_RULES } from './format-rules';
import type { PersonalAccountFacts } from './personal-account-facts';

/** What the check of one export knows besides the row: format, settings and what the caller chose. */
export interface CheckContext {
  format: ExportFormat;
  settings: ExportSettings;
  exportAgain: boolean;
  exchangeRates: Readonly<Record<string, string>>;
}

type Params = ExportProblem['params'];
type Add = (code: ExportProblemCode, params?: Params) => void;

/**
 * Problems of the settings, which concern every invoice of the export: what each writer takes
 * from them (booking-files.ts). DATEV's header needs both numbers; BMD's lines carry the
 * Buchungssymbol; RZL's <mandant> is left out without a client number (a warning, see
 * EXPORT_WARNING_CODES). BMD's file names no client, so its client number is not asked for.
 */
export function checkSettings(format: ExportFormat, settings: ExportSettings): ExportProblem[] {
  const found: ExportProblem[] = [];
  const add: Add = (code, params = {}) => found.push(problem(null, code, params));
  if (format === 'datev' && (settings.datevConsultantNumber === null || settings.datevClientNumber === null)) {
    add('settings_datev_numbers_missing');
  }
  if (format === 'bmd') {
    for (const field of ['bmdInvoiceSymbol', 'bmdPaymentSymbol'] as const) {
      if (settings[field].trim() === '') add('settings_bmd_client_missing', { field });
      else checkCharacters(add, { [field]: settings[field] });
    }
  }
  if (format === 'rzl' && !settings.rzlClientNumber?.trim()) add('settings_rzl_client_missing');
  return found;
}

function problem(
  row: { id: string; number: string | null; name: string | null } | null,
  code: ExportProblemCode,
  params: Params,
) {
  return {
    invoiceId: row?.id ?? null,
    invoiceNumber: row?.number ?? null,
    counterpartyName: row?.name ?? null,
    code,
    severity: isExportWarning(code) ? ('warning' as const) : ('error' as const),
    params,
  };
}

/**
 * Text the file will carry: each character Windows-1252 lacks is a problem of its field, since
 * the writer refuses the whole file for it (booking-checks.ts encodeBookingLine).
 */
function checkCharacters(add: Add, fields: Partial<Record<ExportProblemField, string | null>>, at: Params = {}) {
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const outside = charactersOutsideCp1252(value);
    if (outside.length > 0) add('character_not_representable', { ...at, field, characters: outside.join(' ') });
  }
}

/**
 * BMD's Personenkonten.csv carries the counterparty's master record (name, street, zip, city) for
 * a creditor BMD has not received yet; one character beyond Windows-1252 fails the whole export.
 * The record's name is named only where it differs from the invoice's (checked with the bookings).
 */
function checkPersonalAccount(add: Add, account: PersonalAccountFacts | null, bookedName: string | null) {
  if (!account || account.sentToBmd) return;
  checkCharacters(add, {
    accountName: account.name === bookedName ? null : account.name,
    street: account.street,
    zip: account.zip,
    city: account.city,
  });
}

/** Where the invoice stands: only approved invoices are exported, exported ones only when asked again. */
function checkState(row: ExportInvoiceRow, context: CheckContext, add: Add) {
  if (row.exportingJobId !== null) add('being_exported', {});
  else if (row.status === 'exported' && !context.exportAgain) add('already_exported', { exportedAt: row.exportedAt ?? '' });
  else if (row.status !== 'approved' && row.status !== 'exported') add('not_approved', { status: row.status });
  if (row.ocrStatus === 'pending' || row.ocrStatus === 'processing') add('in_ocr', {});
}

/** Every problem the chosen format has with one invoice (issue 41 item 4). */
export function checkInvoice(row: ExportInvoiceRow, context: CheckContext): ExportProblem[] {
  const rules = FORMAT_RULES[context.format];
  const found: ExportProblem[] = [];
  const subject = { id: row.id, number: row.invoiceNumber, name: row.counterpartyName };
  const add: Add = (code, params = {}) => {
    if (!found.some((entry) => entry.code === code && JSON.stringify(entry.params) === JSON.stringify(params))) {
      found.push(problem(subject, code, params));
    }
  };
  checkState(row, context, add);
  if (!rules.needsAccounts) return found;

  if (!row.invoiceNumber) add('invoice_number_missing');
  else if (row.invoiceNumber.length > rules.documentNumberMax) {
    add('invoice_number_too_long', { max: rules.documentNumberMax, length: row.invoiceNumber.length });
  } else {
    const cleaned = rules.cleanDocumentNumber(row.invoiceNumber);
    if (cleaned !== row.invoiceNumber) add('invoice_number_cleaned', { value: cleaned });
  }
  if (!row.date) add('date_missing');
  const total = row.totalAmount ?? 0;
  if (total === 0) add('amount_zero');
  else if (total < 0 && row.type !== 'credit_note') add('amount_sign', { type: row.type });
  if (row.currency && row.currency !== 'EUR' && !context.exchangeRates[row.currency]) {
    add('currency_rate_missing', { currency: row.currency });
  }

  if (!row.counterpartyId) add('counterparty_missing');
  else if (!row.accountsPayableNumber) add('ap_number_missing');
  else if (!rules.isPersonalAccount(row.accountsPayableNumber, context.settings)) {
    add('ap_number_invalid', { value: row.accountsPayableNumber, digits: rules.personalAccountDigits(context.settings) });
  }

  for (const line of linesOf(row)) {
    const at: Record<string, number> = line.position > 0 ? { line: line.position } : {};
    if (!line.ledgerAccountCode) add('ledger_account_missing', at);
    else if (!rules.isLedgerAccount(line.ledgerAccountCode, context.settings)) {
      add('ledger_account_invalid', {
        ...at,
        value: line.ledgerAccountCode,
        digits: rules.ledgerAccountDigits(context.settings),
      });
    }
    if (line.taxKeyName === null) {
      if ((line.taxRate ?? 0) > 0) add('tax_key_missing', at);
    } else if (!line.taxKeyCode || !rules.isTaxKey(line.taxKeyCode)) {
      add('tax_key_unknown_to_format', { ...at, taxKey: line.taxKeyName, value: line.taxKeyCode ?? '' });
    }
    // Only the cost centres the file has a column for: BMD and RZL write no second one.
    const costCenters = { costCenter: line.costCenterCode, costCenter2: line.costCenter2Code };
    if (rules.costCenterColumns === 1) costCenters.costCenter2 = null;
    for (const code of Object.values(costCenters)) {
      if (code && code.length > rules.costCenterMax)
        add('cost_center_too_long', { ...at, value: code, max: rules.costCenterMax });
    }
    if (rules.isCp1252) checkCharacters(add, costCenters, at);
  }
  if ((row.counterpartyName ?? '').length > rules.textMax) add('text_shortened', { max: rules.textMax });
  if (rules.isCp1252) {
    // The number as written: DATEV's cleaning drops what Belegfeld 1 cannot hold (invoice_number_cleaned).
    const written = row.invoiceNumber === null ? null : rules.cleanDocumentNumber(row.invoiceNumber);
    checkCharacters(add, { counterpartyName: row.counterpartyName, invoiceNumber: written });
  }
  if (rules.writesPersonalAccounts) checkPersonalAccount(add, row.personalAccount, row.counterpartyName);
  return found;
}

/** Every problem the chosen format has with one payment of a payment run. */
export function checkPayment(row: ExportPaymentRow, context: CheckContext): ExportProblem[] {
  const rules = FORMAT_RULES[context.format];
  const found: ExportProblem[] = [];
  const subject = { id: row.invoiceId ?? row.id, number: row.invoiceNumber ?? row.endToEndId, name: row.creditorName };
  const add: Add = (code, params = {}) => found.push(problem(subject, code, params));
  if (!rules.needsAccounts) return found;
  if (row.amount <= 0) add('amount_zero');
  if (row.currency !== 'EUR' && !context.exchangeRates[row.currency]) add('currency_rate_missing', { currency: row.currency });
  if (!row.counterpartyId) add('counterparty_missing');
  else if (!row.accountsPayableNumber) add('ap_number_missing');
  else if (!rules.isPersonalAccount(row.accountsPayableNumber, context.settings)) {
    add('ap_number_invalid', { value: row.accountsPayableNumber, digits: rules.personalAccountDigits(context.settings) });
  }
  if (!row.bankLedgerAccountCode) add('bank_account_ledger_missing', { debitor: row.debitorName });
  else if (!rules.isLedgerAccount(row.bankLedgerAccountCode, context.settings)) {
    add('ledger_account_invalid', { value: row.bankLedgerAccountCode, digits: rules.ledgerAccountDigits(context.settings) });
  }
  // A payment's booking text is its remittance information, else the creditor (bookings.ts).
  if ((row.remittanceInformation ?? row.creditorName).length > rules.textMax) add('text_shortened', { max: rules.textMax });
  if (rules.isCp1252) {
    checkCharacters(add, {
      counterpartyName: row.creditorName,
      invoiceNumber: rules.cleanDocumentNumber(row.invoiceNumber ?? row.endToEndId),
      remittanceInformation: row.remittanceInformation,
    });
  }
  if (rules.writesPersonalAccounts) checkPersonalAccount(add, row.personalAccount, row.creditorName);
  return found;
}

export const hasError = (problems: readonly ExportProblem[]) => problems.some((entry) => entry.severity === 'error');
