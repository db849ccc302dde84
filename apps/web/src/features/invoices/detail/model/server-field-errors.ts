import { isInvoiceFormField, LINE_ITEM_FIELDS, SPLIT_FIELDS } from './invoice-form-values';

export interface MappedFieldError {
  /** A react-hook-form path such as "counterpartyIban" or "lineItems.0.description". */
  path: string;
  message: string;
}

export interface MappedServerErrors {
  fields: MappedFieldError[];
  /** Messages for paths the form has no control for (shown in the summary only). */
  unmatched: { path: string; message: string }[];
}

const NESTED_FIELDS: Record<string, readonly string[]> = { partialAmount: SPLIT_FIELDS, lineItems: LINE_ITEM_FIELDS };

/** Whether a dotted server path names something in the form: a field, a list, or a list row's field. */
export function isFormPath(path: string): boolean {
  const [field, index, nested, ...rest] = path.split('.');
  if (!field || !isInvoiceFormField(field)) return false;
  if (index === undefined) return true;
  const nestedFields = NESTED_FIELDS[field];
  if (!nestedFields || !/^\d+$/.test(index) || rest.length > 0) return false;
  return nested === undefined || nestedFields.includes(nested);
}

/**
 * The server's 400 `fieldErrors` (dotted paths, already translated) as form errors. Several
 * messages for one field are joined; paths the form cannot show go to the summary instead.
 */
export function mapServerFieldErrors(fieldErrors: Record<string, readonly string[]> | undefined): MappedServerErrors {
  const mapped: MappedServerErrors = { fields: [], unmatched: [] };
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages.filter(Boolean).join(' ');
    if (!message) continue;
    if (isFormPath(path)) mapped.fields.push({ path, message });
    else mapped.unmatched.push({ path, message });
  }
  return mapped;
}
