/**
 * Invoice statuses (SPEC §4) and the one table of allowed transitions (ARCHITECTURE §3.5).
 * Services ask `nextInvoiceStatus` before they change a status. Kept free of zod so that list
 * screens load no schema code; the zod enums are in invoice-fields.ts.
 */
export const INVOICE_STATUSES = [
  'new',
  'in_approval',
  'approved',
  'rejected',
  'cancelled',
  'archived',
  'exported',
  'imported',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_ACTIONS = [
  'request_approval',
  'approve',
  'reject',
  'reset',
  'export',
  'cancel',
  'archive',
  'restore',
  'delete',
] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/**
 * Where `restore` takes an archived invoice: back to the booked status it was archived from, so
 * that an exported or imported invoice never becomes editable, approvable and exportable a second
 * time (a double booking); from anything else back to `new` (its approvals ended with the archive).
 */
export interface InvoiceTransitionByPriorStatus {
  byPriorStatus: Partial<Record<InvoiceStatus, InvoiceStatus>>;
  otherwise: InvoiceStatus;
}

export type InvoiceTransition = InvoiceStatus | 'deleted' | InvoiceTransitionByPriorStatus;

/**
 * status → action → next status. Anything not listed is refused. `restore` returns a cancelled
 * invoice to `new`, an archived one by the status it had before the archive (see above); `delete`
 * is only for invoices nobody has worked on yet and has no next status.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, Partial<Record<InvoiceAction, InvoiceTransition>>>> = {
  new: { request_approval: 'in_approval', cancel: 'cancelled', archive: 'archived', delete: 'deleted' },
  in_approval: { approve: 'approved', reject: 'rejected', reset: 'new', cancel: 'cancelled' },
  approved: { export: 'exported', reset: 'new', cancel: 'cancelled', archive: 'archived' },
  rejected: { reset: 'new', cancel: 'cancelled', archive: 'archived' },
  cancelled: { restore: 'new' },
  archived: { restore: { byPriorStatus: { exported: 'exported', imported: 'imported' }, otherwise: 'new' } },
  exported: { archive: 'archived' },
  imported: { archive: 'archived' },
};

/**
 * The status `action` moves an invoice in `status` to, or null when the table refuses it.
 * `priorStatus` is the status the invoice had before it entered `status` (for an archived one:
 * the status it was archived from); unknown (null) takes the table's `otherwise`.
 */
export function nextInvoiceStatus(
  status: InvoiceStatus,
  action: InvoiceAction,
  priorStatus: InvoiceStatus | null = null,
): InvoiceStatus | 'deleted' | null {
  const transition = INVOICE_TRANSITIONS[status][action];
  if (transition === undefined) return null;
  if (typeof transition === 'string') return transition;
  return (priorStatus !== null ? transition.byPriorStatus[priorStatus] : undefined) ?? transition.otherwise;
}

export function allowedInvoiceActions(status: InvoiceStatus): InvoiceAction[] {
  return INVOICE_ACTIONS.filter((action) => nextInvoiceStatus(status, action) !== null);
}

/** Statuses whose fields may still be edited (an approved invoice shows a warning first). */
export const EDITABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['new', 'in_approval', 'approved', 'rejected'];

export function isInvoiceEditable(status: InvoiceStatus): boolean {
  return EDITABLE_INVOICE_STATUSES.includes(status);
}

/** The overview tabs (SPEC §2) and which statuses each shows. "my-approvals" also filters by approver. */
export const INVOICE_TAB_STATUSES = {
  new: ['new'],
  'my-approvals': ['in_approval'],
  'all-approvals': ['in_approval'],
  rejected: ['rejected'],
  approved: ['approved'],
} as const satisfies Record<string, readonly InvoiceStatus[]>;

export const ARCHIVED_INVOICE_STATUSES: readonly InvoiceStatus[] = ['cancelled', 'archived'];

/** OCR state of an uploaded document; an invoice still being read cannot be opened (SPEC §8). */
export const OCR_STATUSES = ['none', 'pending', 'processing', 'done', 'failed'] as const;
export type OcrStatus = (typeof OCR_STATUSES)[number];

export function isOcrRunning(status: OcrStatus): boolean {
  return status === 'pending' || status === 'processing';
}
