import type { InvoiceFields, InvoiceSplit } from '@kontor/domain';

/**
 * The invoice tables name a reference by its column (`counterparty_id` → counterpartyId), while the
 * API, the form, the activity log and the read marks use SPEC §3's names (counterparty, costCenter,
 * costCenter2, ledgerAccount; the split lines are partialAmount) as ARCHITECTURE §4 asks. This is
 * the one place that translates between the two.
 */
const COLUMN_OF_FIELD = {
  counterparty: 'counterpartyId',
  costCenter: 'costCenterId',
  costCenter2: 'costCenter2Id',
  ledgerAccount: 'ledgerAccountId',
} as const;
const FIELD_OF_COLUMN: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COLUMN_OF_FIELD).map(([field, column]) => [column, field]),
);

type ReferenceFields = Pick<InvoiceFields, 'counterparty' | 'costCenter' | 'costCenter2' | 'ledgerAccount'>;
export interface ReferenceColumns {
  counterpartyId: string | null;
  costCenterId: string | null;
  costCenter2Id: string | null;
  ledgerAccountId: string | null;
}

/** The form's fields as the invoices table stores them. */
export function toInvoiceColumns<T extends ReferenceFields>(fields: T): Omit<T, keyof ReferenceFields> & ReferenceColumns {
  const { counterparty, costCenter, costCenter2, ledgerAccount, ...rest } = fields;
  return {
    ...rest,
    counterpartyId: counterparty,
    costCenterId: costCenter,
    costCenter2Id: costCenter2,
    ledgerAccountId: ledgerAccount,
  };
}

/** A row's references under their SPEC §3 names. */
export function toReferenceFields(row: ReferenceColumns): ReferenceFields {
  return {
    counterparty: row.counterpartyId,
    costCenter: row.costCenterId,
    costCenter2: row.costCenter2Id,
    ledgerAccount: row.ledgerAccountId,
  };
}

type SplitColumns = Omit<InvoiceSplit, 'costCenter' | 'costCenter2' | 'ledgerAccount'> & Omit<ReferenceColumns, 'counterpartyId'>;

/** A split line as invoice_splits stores it. */
export function toSplitColumns({ costCenter, costCenter2, ledgerAccount, ...rest }: InvoiceSplit): SplitColumns {
  return { ...rest, costCenterId: costCenter, costCenter2Id: costCenter2, ledgerAccountId: ledgerAccount };
}

/** A stored split line under the API's names. */
export function toSplitFields(row: SplitColumns): InvoiceSplit {
  return {
    amount: row.amount,
    costCenter: row.costCenterId,
    costCenter2: row.costCenter2Id,
    ledgerAccount: row.ledgerAccountId,
    taxKeyId: row.taxKeyId,
    note: row.note,
  };
}

/**
 * Changes keyed by column (a diff of rows, a reader's patch) keyed by field instead, so that the
 * activity log and the read marks speak the form's language whoever wrote them.
 */
export function renameColumnsToFields<V>(changes: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(changes).map(([key, value]) => [FIELD_OF_COLUMN[key] ?? key, value]));
}
