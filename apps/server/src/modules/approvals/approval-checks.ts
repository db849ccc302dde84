import {
  missingRequiredFields,
  type DecisionRefusal,
  type FlowSubject,
  type Locale,
  type RequiredFieldSettings,
  type RequirementStage,
  type ResetRefusal,
} from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import { translateFieldLabel } from '../../lib/i18n';
import type { InvoiceParts, InvoiceRow } from '../invoices/repo';
import { requirableValues } from '../invoices/to-invoice';
import type { ItemRow } from './request-repo';

/**
 * What chooseFlow tests an invoice against: its total, currency, counterparty, own and split cost
 * centres of both kinds (KOST1 and KOST2: the flow editor offers both in a condition).
 */
export function flowSubjectOf(row: InvoiceRow, parts: Pick<InvoiceParts, 'splits'>): FlowSubject {
  const costCenterIds = [
    row.costCenterId,
    row.costCenter2Id,
    ...parts.splits.flatMap((split) => [split.costCenterId, split.costCenter2Id]),
  ].filter((id): id is string => id !== null);
  return {
    amount: row.totalAmount,
    currency: row.currency,
    costCenterIds: [...new Set(costCenterIds)],
    counterpartyId: row.counterpartyId,
  };
}

/**
 * SPEC §5: the base fields (number, dates, currency, tax rate, total) and those the organisation
 * requires at this stage must be filled before it passes. Checked here and not only by the form:
 * an uploaded invoice may go to approval without ever being saved.
 */
export function enforceRequiredFields(
  row: InvoiceRow,
  parts: InvoiceParts,
  settings: RequiredFieldSettings,
  stage: RequirementStage,
  locale: Locale,
): void {
  const missing = missingRequiredFields(requirableValues(row, parts), settings, stage);
  if (missing.length === 0) return;
  throw new AppError(
    'required_fields_missing',
    { fields: missing.map((field) => translateFieldLabel(field, locale)).join(', ') },
    { fieldErrors: Object.fromEntries(missing.map((field) => [field, ['required']])) },
  );
}

/**
 * The engine's refusal as an error. An approver of an earlier step that others completed while
 * they looked at it (a 1-of-2 step approved at the same moment) is told that the step is
 * decided (409), not that it is not their turn.
 */
export function decisionRefusalError(
  refusal: DecisionRefusal,
  items: readonly ItemRow[],
  currentStep: number,
  userId: string,
): AppError {
  if (refusal === 'not_pending') return new AppError('approval_not_pending');
  if (refusal === 'already_decided') return new AppError('approval_already_decided');
  const wasInEarlierStep = items.some((item) => item.approverId === userId && item.step < currentStep);
  return new AppError(wasInEarlierStep ? 'approval_already_decided' : 'approval_not_your_turn');
}

export function resetRefusalError(refusal: ResetRefusal, status: string): AppError {
  if (refusal === 'transaction_exported') return new AppError('approval_reset_transaction_exported');
  if (refusal === 'transaction_approved') return new AppError('approval_reset_transaction_approved');
  // Booked in accounting: the GoBD message, not the status list (issue 41).
  if (status === 'exported') return new AppError('invoice_booked_locked');
  return new AppError('approval_reset_refused', { status });
}
