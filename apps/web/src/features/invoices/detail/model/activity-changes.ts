import { formatIban } from '@kontor/domain/iban';
import { DOCUMENT_ACCOUNT_ROLES, type DocumentAccountRole } from '@kontor/domain/invoices/document-payment';
import { PAYMENT_ACCOUNT_CHOICES } from '@kontor/domain/invoices/payment-account-review';
import { formatMoney } from '@kontor/domain/money';
import { formatPercentInput } from '@/lib/decimal-input';

export interface ActivityChange {
  field: string;
  /** Display texts; null when a value is not worth showing (ids, lists) or empty. */
  from: string | null;
  to: string | null;
  /** Whether the values say something (otherwise only the field name is shown). */
  hasValues: boolean;
}

const MONEY_FIELDS = new Set(['netAmount', 'taxAmount', 'totalAmount', 'skontoAmount']);
const RATE_FIELDS = new Set(['taxRate', 'skontoRate']);
/** Shown in groups of four, as the form shows them. */
const IBAN_FIELDS = new Set(['counterpartyIban']);
/** References (ids of records and master data) and lists are named, not shown. */
const HIDDEN_VALUE = /Id$|^(counterparty|costCenter2?|ledgerAccount|partialAmount|lineItems)$/;

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

function formatValue(
  field: string,
  value: unknown,
  currency: string,
  translateStatus: (status: string) => string,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, currency);
  if (RATE_FIELDS.has(field) && typeof value === 'number') return `${formatPercentInput(value)} %`;
  if (IBAN_FIELDS.has(field) && typeof value === 'string') return formatIban(value);
  if (field === 'status' && typeof value === 'string') return translateStatus(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return null;
}

/** Master data an invoice names by id: shown by code and name while the organisation has it. */
const NAMED_REFERENCES = new Set(['costCenter', 'costCenter2', 'ledgerAccount', 'taxKeyId', 'debitorBankAccountId']);

/** What the history shows for a record an invoice names (field, id): its label, or null if unknown. */
export type ReferenceName = (field: string, id: string) => string | null;

/** A reference's display text; undefined when it names something unknown (deleted, not loaded yet). */
function referenceText(field: string, value: unknown, referenceName: ReferenceName): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  return referenceName(field, value) ?? undefined;
}

/**
 * The changed fields of an activity entry (`{ field: { from, to } }`, see the server's diffFields)
 * with values fit for people: amounts as money, rates as percent, statuses translated, master
 * data by code and name; other ids (a counterparty's: its name changes beside it), ids of
 * records no longer there and lists only by the field's name.
 */
export function describeActivityChanges(
  changes: Record<string, unknown> | null,
  translateStatus: (status: string) => string,
  referenceName?: ReferenceName,
): ActivityChange[] {
  if (!changes) return [];
  const currencyChange = changes.currency;
  const currency = isFromTo(currencyChange) && typeof currencyChange.to === 'string' ? currencyChange.to : 'EUR';
  return Object.entries(changes)
    .filter((entry): entry is [string, { from: unknown; to: unknown }] => isFromTo(entry[1]))
    .map(([field, { from, to }]) => {
      if (referenceName && NAMED_REFERENCES.has(field)) {
        const fromText = referenceText(field, from, referenceName);
        const toText = referenceText(field, to, referenceName);
        if (fromText !== undefined && toText !== undefined) return { field, from: fromText, to: toText, hasValues: true };
      }
      if (HIDDEN_VALUE.test(field)) return { field, from: null, to: null, hasValues: false };
      return {
        field,
        from: formatValue(field, from, currency, translateStatus),
        to: formatValue(field, to, currency, translateStatus),
        hasValues: true,
      };
    });
}

/** An entry of the invoice's history: the invoice's own, or one of its approval requests and approvals. */
export interface ActivityEntryLike {
  entityType?: string | undefined;
  action: string;
  changes: Record<string, unknown> | null;
}

/** Why the server closed a request as reset (request-lifecycle's ResetCause): by hand, or by a change of the invoice. */
const RESET_CAUSES: Readonly<Record<string, string>> = {
  reset: 'reset',
  edit: 'reset_edit',
  cancel: 'reset_cancel',
  archive: 'reset_archive',
};

/** An approval request's verb: opened (with its flow) or reset (with its cause). */
function approvalRequestVerb(action: string, changes: Record<string, unknown> | null): string {
  // A flow other than the one the conditions choose, picked by hand, is an auditor's question.
  if (action === 'create' && changes?.pickedByHand === true) {
    return typeof changes.matchingFlowName === 'string' ? 'request_approval_picked' : 'request_approval_picked_none';
  }
  if (action === 'create') return 'request_approval';
  if (action === 'reset') return RESET_CAUSES[String(changes?.cause)] ?? 'reset';
  return action;
}

/**
 * The verb to show. The log knows update/cancel/… (SPEC §3) per entity: the invoice's history
 * holds its approval requests' entries (opened, reset) and their approvers' (approved, rejected,
 * handed on) too, which read differently from the same action on the invoice. Archive, restore,
 * comments and attachments are written as updates of the invoice whose changes say what happened.
 */
export function activityVerb({ entityType, action, changes }: ActivityEntryLike): string {
  if (entityType === 'approval_request') return approvalRequestVerb(action, changes);
  if (entityType === 'approval_item' && typeof changes?.step === 'number') {
    if (action === 'approve') return 'approve_step';
    if (action === 'reject') return 'reject_step';
  }
  if (action !== 'update' || !changes) return action;
  if ('commentAdded' in changes) return 'comment';
  if ('attachmentsAdded' in changes) return 'attach';
  if ('attachmentRemoved' in changes) return 'detach';
  if (isFromTo(changes.approver)) return 'reassign';
  const status = changes.status;
  if (isFromTo(status)) {
    if (status.to === 'archived') return 'archive';
    if (status.to === 'new' && (status.from === 'archived' || status.from === 'cancelled')) return 'restore';
  }
  return action;
}

/** Bank matching's entries (issue 62) name the amount a bank line paid. */
const MONEY_VERBS = new Set(['match', 'unmatch']);

/**
 * The values the verbs name: the flow of a request (and the one its conditions chose, when
 * another was picked by hand), the step (counted from 1) of an approval, the amount (minor units,
 * in the invoice's currency) a bank line paid.
 */
export function activityVerbValues(
  { action, changes }: ActivityEntryLike,
  currency = 'EUR',
): { flow?: string; matching?: string; step?: number; amount?: string } {
  const values: { flow?: string; matching?: string; step?: number; amount?: string } = {};
  if (typeof changes?.flowName === 'string') values.flow = changes.flowName;
  if (typeof changes?.matchingFlowName === 'string') values.matching = changes.matchingFlowName;
  if (typeof changes?.step === 'number') values.step = changes.step + 1;
  if (MONEY_VERBS.has(action) && typeof changes?.amount === 'number') values.amount = formatMoney(changes.amount, currency);
  return values;
}

/**
 * describeActivityChanges for any entry of the invoice's history. A request's status is not the
 * invoice's (pending, reset …): it is translated as a request status, under its own name.
 */
export function describeActivityEntryChanges(
  entry: ActivityEntryLike,
  translate: {
    invoiceStatus: (status: string) => string;
    requestStatus: (status: string) => string;
    referenceName?: ReferenceName;
  },
): ActivityChange[] {
  if (entry.entityType !== 'approval_request') {
    return describeActivityChanges(entry.changes, translate.invoiceStatus, translate.referenceName);
  }
  return describeActivityChanges(entry.changes, translate.requestStatus).map((change) =>
    change.field === 'status' ? { ...change, field: 'approvalStatus' } : change,
  );
}

/** Where a person took the account to pay from (issue 50); the role of a document's account when known. */
export interface PaymentAccountChoiceDetail {
  source: (typeof PAYMENT_ACCOUNT_CHOICES)[number];
  role: DocumentAccountRole | null;
}

function paymentAccountChoiceOf(value: unknown): PaymentAccountChoiceDetail | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { source, role } = value as { source?: unknown; role?: unknown };
  const knownSource = PAYMENT_ACCOUNT_CHOICES.find((choice) => choice === source);
  if (!knownSource) return undefined;
  return { source: knownSource, role: DOCUMENT_ACCOUNT_ROLES.find((known) => known === role) ?? null };
}

export interface ActivityDetails {
  reason?: string;
  note?: string;
  /** An approval handed to a substitute: the day (YYYY-MM-DD) its approver is away until. */
  absentUntil?: string;
  files?: string[];
  paymentAccountChoice?: PaymentAccountChoiceDetail;
}

/**
 * Free-text details worth showing next to the verb: the reason (of a cancellation or rejection),
 * the note of an approval handed on, the absence it was handed on for, the files attached or
 * removed, where a chosen account to pay came from.
 */
export function activityDetails(changes: Record<string, unknown> | null): ActivityDetails {
  if (!changes) return {};
  const details: ActivityDetails = {};
  if (typeof changes.reason === 'string') details.reason = changes.reason;
  if (typeof changes.note === 'string') details.note = changes.note;
  if (typeof changes.absentUntil === 'string') details.absentUntil = changes.absentUntil;
  const choice = paymentAccountChoiceOf(changes.paymentAccountChoice);
  if (choice) details.paymentAccountChoice = choice;
  const files = changes.attachmentsAdded ?? changes.attachmentRemoved ?? changes.fileName;
  if (typeof files === 'string') details.files = [files];
  else if (Array.isArray(files)) details.files = files.filter((file): file is string => typeof file === 'string');
  return details;
}
