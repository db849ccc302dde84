import { normalizeIban } from '../iban';

/**
 * SPEC §4: changing total amount, currency or counterparty resets the approvals under way or given.
 * An approval says who is paid how much, so the counterparty is every part of "who": the record,
 * and the name and IBAN the invoice carries (many invoices have no counterparty record at all, and a
 * new IBAN on an approved invoice is how payment diversion fraud works). The server decides with
 * this list, the web form warns with it before saving.
 */
export const APPROVAL_RESETTING_FIELDS = [
  'totalAmount',
  'currency',
  'counterparty',
  'counterpartyName',
  'counterpartyIban',
] as const;
export type ApprovalResettingField = (typeof APPROVAL_RESETTING_FIELDS)[number];

export type ApprovalResettingValues = { [field in ApprovalResettingField]: string | number | null };

/** Equal as a payment sees them: an IBAN in any spacing or case, a name with surrounding blanks, empty as none. */
function comparable(field: ApprovalResettingField, value: string | number | null): string | number | null {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return field === 'counterpartyIban' ? normalizeIban(trimmed) : trimmed;
}

/** The approval-resetting fields whose value differs between two states of an invoice. */
export function approvalResettingChanges(
  before: ApprovalResettingValues,
  after: ApprovalResettingValues,
): ApprovalResettingField[] {
  return APPROVAL_RESETTING_FIELDS.filter((field) => comparable(field, before[field]) !== comparable(field, after[field]));
}
