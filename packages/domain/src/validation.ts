import { formatMoney } from './money';

/** Message keys of form and rule findings (locales/{de,en}/validation.json). */
export const VALIDATION_KEYS = [
  'required',
  'too_long',
  'invalid',
  'invalid_date',
  'invalid_code',
  'invalid_email',
  'invalid_iban',
  'iban_required',
  'invalid_bic',
  'invalid_vat',
  'invalid_leitweg_id',
  'invalid_phone',
  'reminder_interval_range',
  'unknown_placeholder',
  'invalid_time_zone',
  'reminder_interval_taken',
  'due_before_date',
  'billing_period_incomplete',
  'billing_period_order',
  'paid_date_required',
  'paid_date_in_future',
  'skonto_incomplete',
  'skonto_rate_invalid',
  'skonto_amount_exceeds_total',
  'skonto_date_after_due',
  'tax_rate_invalid',
  'split_sum_exceeds_total',
  'total_exceeds_split_sum',
  'split_amount_left',
  'split_amount_zero',
  'debitor_required',
  'remittance_too_long',
  'ledger_account_format',
  'reason_required',
  'invoice_older_than_4_months',
  'editing_approved_invoice',
  'approver_required',
  'approver_duplicate',
  'approver_not_member',
  'required_approvals_min',
  'required_approvals_exceed_approvers',
  'step_required',
  'approvals_reset_on_save',
  'ap_number_format',
  'ar_number_format',
  'bank_account_duplicate',
  'skonto_terms_incomplete',
  'reminder_emails_invalid',
  'reminder_emails_required',
  'number_taken',
  'merge_needs_two',
  'absence_ends_before_start',
  'absence_ended',
  'absence_too_long',
  'absence_substitute_required',
  'export_nothing_selected',
  'exchange_rate_invalid',
  'datev_consultant_number_invalid',
  'datev_client_number_invalid',
  'account_length_invalid',
  // A NUL or a broken surrogate pair: PostgreSQL cannot store it, so no route takes it (issue 55).
  'unstorable_character',
  // Bank connections (issue 60): the accounts to connect, the country of the bank list.
  'choose_an_account',
  'invalid_country',
  // Outgoing invoices (issue 64): line quantities and the invoice a credit note corrects.
  'quantity_zero',
  'quantity_too_precise',
  'corrected_invoice_required',
  'corrected_invoice_not_allowed',
  'exceeds_open',
  'notification_option_unavailable',
  // The team (issue 67): an invitation names its role.
  'select_role',
  // The schema's own checks that carry no rule key (zod's issue codes), for API callers.
  'invalid_choice',
  'invalid_type',
  'text_too_short',
  'number_too_small',
  'number_too_big',
  'too_few_items',
  'too_many_items',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function isValidationKey(value: string): value is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(value);
}

/** Money parameters arrive in minor units; messages show them formatted (de-DE, SPEC §1). */
export function formatValidationParams(params: Record<string, unknown> | undefined): Record<string, string | number> {
  const formatted: Record<string, string | number> = {};
  if (!params) return formatted;
  const currency = typeof params.currency === 'string' ? params.currency : 'EUR';
  for (const [key, value] of Object.entries(params)) {
    if (key === 'difference' && typeof value === 'number') formatted[key] = formatMoney(value, currency);
    else if (typeof value === 'string' || typeof value === 'number') formatted[key] = value;
  }
  return formatted;
}
