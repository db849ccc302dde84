import { changedFields, INVOICE_FORM_FIELDS, type InvoiceFormField, type InvoiceFormValues } from './invoice-form-values';

export interface StaleEditMerge {
  /** The fresh version with what I typed laid on top. */
  values: InvoiceFormValues;
  /** Fields I changed (they keep my value). */
  mine: InvoiceFormField[];
  /** Fields the other person changed. */
  theirs: InvoiceFormField[];
  /** Fields both changed to different values: my value wins, but the user is told. */
  conflicts: InvoiceFormField[];
}

/**
 * Someone saved the invoice while I was editing (409 stale_version). Three-way merge per field:
 * `base` is what my form started from, `mine` what it holds now, `fresh` the server's latest.
 * A field I did not touch takes the fresh value; a field I changed keeps mine, so nothing typed is lost.
 */
export function mergeStaleEdit(base: InvoiceFormValues, mine: InvoiceFormValues, fresh: InvoiceFormValues): StaleEditMerge {
  const mineChanged = new Set(changedFields(base, mine));
  const theirsChanged = changedFields(base, fresh);
  const values = { ...fresh };
  for (const field of INVOICE_FORM_FIELDS) {
    if (mineChanged.has(field)) Object.assign(values, { [field]: mine[field] });
  }
  const conflicts = theirsChanged.filter((field) => mineChanged.has(field) && changedFields(mine, fresh).includes(field));
  return { values, mine: [...mineChanged], theirs: theirsChanged, conflicts };
}
