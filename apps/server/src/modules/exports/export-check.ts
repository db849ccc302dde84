import {
  isExportWarning,
  type ExportFormat,
  type ExportProblem,
  type ExportProblemCode,
  type ExportSettings,
} from '@kontor/domain';
import { linesOf, type ExportInvoiceRow } from './export-rows';
import type { ExportPaymentRow } from './export-payments';
import { charactersOutsideCp1252, FORMAT_RULES } from './format-rules';

/** What the check of one export knows besides the row: format, settings and what the caller chose. */
export interface CheckContext {
  format: ExportFormat;
  settings: ExportSettings;
  exportAgain: boolean;
  exchangeRates: Readonly<Record<string, string>>;
}

type Params = ExportProblem['params'];

/** Problems of the settings, which concern every invoice of the export. */
export function checkSettings(format: ExportFormat, settings: ExportSettings): ExportProblem[] {
  if (format === 'datev' && (settings.datevConsultantNumber === null || settings.datevClientNumber === null)) {
    return [problem(null, 'settings_datev_numbers_missing', {})];
  }
  return [];
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

/** Text the file will carry: each character the format's encoding lacks is a problem of its field. */
function checkCharacters(add: (code: ExportProblemCode, params: Params) => void, fields: Record<string, string | null>) {
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const outside = charactersOutsideCp1252(value);
    if (outside.length > 0) add('character_not_representable', { field, characters: outside.join(' ') });
  }
}

/** Where the invoice stands: only approved invoices are exported, exported ones only when asked again. */
function checkState(row: ExportInvoiceRow, context: CheckContext, add: (code: ExportProblemCode, params: Params) => void) {
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
  const add = (code: ExportProblemCode, params: Params = {}) => {
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
    add('ap_number_invalid', { value: row.accountsPayableNumber, length: context.settings.accountLength + 1 });
  }

  for (const line of linesOf(row)) {
    const at: Record<string, number> = line.position > 0 ? { line: line.position } : {};
    if (!line.ledgerAccountCode) add('ledger_account_missing', at);
    else if (!rules.isLedgerAccount(line.ledgerAccountCode, context.settings)) {
      add('ledger_account_invalid', { ...at, value: line.ledgerAccountCode, length: context.settings.accountLength });
    }
    if (line.taxKeyName === null) {
      if ((line.taxRate ?? 0) > 0) add('tax_key_missing', at);
    } else if (!line.taxKeyCode || !rules.isTaxKey(line.taxKeyCode)) {
      add('tax_key_unknown_to_format', { ...at, taxKey: line.taxKeyName, value: line.taxKeyCode ?? '' });
    }
    for (const code of [line.costCenterCode, line.costCenter2Code]) {
      if (code && code.length > rules.costCenterMax)
        add('cost_center_too_long', { ...at, value: code, max: rules.costCenterMax });
    }
  }
  if ((row.counterpartyName ?? '').length > rules.textMax) add('text_shortened', { max: rules.textMax });
  if (rules.isCp1252) {
    checkCharacters(add, {
      counterpartyName: row.counterpartyName,
      invoiceNumber: row.invoiceNumber,
      costCenter: row.own.costCenterCode,
      costCenter2: row.own.costCenter2Code,
    });
  }
  return found;
}

/** Every problem the chosen format has with one payment of a payment run. */
export function checkPayment(row: ExportPaymentRow, context: CheckContext): ExportProblem[] {
  const rules = FORMAT_RULES[context.format];
  const found: ExportProblem[] = [];
  const subject = { id: row.invoiceId ?? row.id, number: row.invoiceNumber ?? row.endToEndId, name: row.creditorName };
  const add = (code: ExportProblemCode, params: Params = {}) => found.push(problem(subject, code, params));
  if (!rules.needsAccounts) return found;
  if (row.amount <= 0) add('amount_zero');
  if (row.currency !== 'EUR' && !context.exchangeRates[row.currency]) add('currency_rate_missing', { currency: row.currency });
  if (!row.counterpartyId) add('counterparty_missing');
  else if (!row.accountsPayableNumber) add('ap_number_missing');
  else if (!rules.isPersonalAccount(row.accountsPayableNumber, context.settings)) {
    add('ap_number_invalid', { value: row.accountsPayableNumber, length: context.settings.accountLength + 1 });
  }
  if (!row.bankLedgerAccountCode) add('bank_account_ledger_missing', { debitor: row.debitorName });
  else if (!rules.isLedgerAccount(row.bankLedgerAccountCode, context.settings)) {
    add('ledger_account_invalid', { value: row.bankLedgerAccountCode, length: context.settings.accountLength });
  }
  if (rules.isCp1252) checkCharacters(add, { counterpartyName: row.creditorName, invoiceNumber: row.invoiceNumber });
  return found;
}

export const hasError = (problems: readonly ExportProblem[]) => problems.some((entry) => entry.severity === 'error');
