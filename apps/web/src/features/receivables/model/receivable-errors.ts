import { RECEIVABLE_STATUSES, type ReceivableStatus } from '@kontor/domain/receivables/receivable-status';
import { ApiError, isApiError } from '@/lib/api-error';

const isStatus = (value: unknown): value is ReceivableStatus =>
  typeof value === 'string' && (RECEIVABLE_STATUSES as readonly string[]).includes(value);

/**
 * ar_invoice_not_editable and ar_invoice_transition name the status as its code ("it is
 * partially_paid"); the sentence reads right with the status's own word, in lower case as it
 * stands mid-sentence ("it is partly paid", "sie ist teilweise bezahlt"). Other errors pass as they are.
 */
export function withReadableStatus(error: unknown, statusLabel: (status: ReceivableStatus) => string): unknown {
  if (!isApiError(error)) return error;
  const status = error.params?.status;
  if (!isStatus(status)) return error;
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    params: { ...error.params, status: statusLabel(status).toLocaleLowerCase() },
    fieldErrors: error.fieldErrors,
  });
}
