import { RECEIVABLE_STATUSES, type ReceivableStatus } from '@kontor/domain/receivables/receivable-status';
import type { ActivityChangeLine, ActivityEntry } from '@/components/activity-list';

/** What an entry did, more specific than the log's create/update/cancel (a status change says which). */
export const RECEIVABLE_ACTIVITY_VERBS = [
  'created',
  'createdIssued',
  'edited',
  'issued',
  'paymentRecorded',
  'paid',
  'markedUnpaid',
  'canceled',
  'restored',
  'sent',
  'reminderSent',
  'other',
] as const;
export type ReceivableActivityVerb = (typeof RECEIVABLE_ACTIVITY_VERBS)[number];

type Changes = Record<string, unknown> | null;

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

function isStatus(value: unknown): value is ReceivableStatus {
  return typeof value === 'string' && (RECEIVABLE_STATUSES as readonly string[]).includes(value);
}

/** The verb of a status change (`status: { from, to }` in the log), or null when the status stayed. */
function statusVerb(changes: Changes): ReceivableActivityVerb | null {
  const status = changes?.status;
  if (!isFromTo(status) || !isStatus(status.from) || !isStatus(status.to)) return null;
  const { from, to } = status;
  if (from === 'draft' && to === 'outstanding') return 'issued';
  if (to === 'paid') return 'paid';
  if (to === 'partially_paid') return 'paymentRecorded';
  if (from === 'canceled' || from === 'transferred') return 'restored';
  if (to === 'outstanding' && (from === 'paid' || from === 'partially_paid')) return 'markedUnpaid';
  return null;
}

/**
 * The service logs `create` (with the status it started in), `cancel`, and `update` for edits and
 * for every other status change; the status's from → to tells which action it was.
 */
export function receivableActivityVerb(entry: Pick<ActivityEntry, 'action' | 'changes'>): ReceivableActivityVerb {
  switch (entry.action) {
    case 'create':
      return entry.changes?.status === 'outstanding' ? 'createdIssued' : 'created';
    case 'cancel':
      return 'canceled';
    case 'send':
      // A payment reminder logs the interval of its template (issue 66); the invoice itself does not.
      return typeof entry.changes?.reminder === 'number' ? 'reminderSent' : 'sent';
    case 'update':
      // A second payment on a partially paid invoice changes the amount, not the status.
      return statusVerb(entry.changes) ?? (isFromTo(entry.changes?.paidAmount) ? 'paymentRecorded' : 'edited');
    default:
      return 'other';
  }
}

/** How values read in the interface's language; injected so that this stays a pure function. */
export interface ActivityValueFormat {
  money: (minorUnits: number) => string;
  date: (isoDate: string) => string;
  status: (status: ReceivableStatus) => string;
  percent: (basisPoints: number) => string;
}

const MONEY_FIELDS = new Set(['netAmount', 'taxAmount', 'totalAmount', 'paidAmount']);
const DATE_FIELDS = new Set(['invoiceDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'paidOn']);
/** Only named: an id says nothing to a reader. */
const NAMED_ONLY = new Set(['counterpartyId', 'correctedInvoiceId']);
/** Not changes of their own: the cancel reason is shown as a line of its own. */
const NOT_A_CHANGE = new Set(['reason']);

function formatValue(field: string, value: unknown, format: ActivityValueFormat): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return format.money(value);
  if (DATE_FIELDS.has(field) && typeof value === 'string') return format.date(value);
  if (field === 'status' && isStatus(value)) return format.status(value);
  if (field === 'skontoRate' && typeof value === 'number') return format.percent(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return null;
}

/** The fields an update changed (`{ field: { from, to } }`), with readable values; ids only by name. */
export function describeReceivableChanges(changes: Changes, format: ActivityValueFormat): ActivityChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).flatMap(([field, value]): ActivityChangeLine[] => {
    if (NOT_A_CHANGE.has(field) || !isFromTo(value)) return [];
    if (NAMED_ONLY.has(field)) return [{ field, from: null, to: null, hasValues: false }];
    return [{ field, from: formatValue(field, value.from, format), to: formatValue(field, value.to, format), hasValues: true }];
  });
}

/** The reason a cancel entry carries, if any. */
export function cancelReasonOf(entry: Pick<ActivityEntry, 'action' | 'changes'>): string | null {
  const reason = entry.changes?.reason;
  return entry.action === 'cancel' && typeof reason === 'string' && reason ? reason : null;
}

/** The total a create entry carries (the log keeps it as a plain value), if any. */
export function createdTotalOf(entry: Pick<ActivityEntry, 'action' | 'changes'>): number | null {
  const total = entry.changes?.totalAmount;
  return entry.action === 'create' && typeof total === 'number' ? total : null;
}

/** The recipients of a `send` entry (issue 65), or null. */
export function sentToOf(entry: Pick<ActivityEntry, 'action' | 'changes'>): string | null {
  const to = entry.changes?.to;
  return entry.action === 'send' && Array.isArray(to) ? to.filter((address) => typeof address === 'string').join(', ') : null;
}
