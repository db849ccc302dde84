import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { isInvoiceFormField, type InvoiceFormValues } from '../../model/invoice-form-values';
import { fieldId } from './form-controls';

interface SummaryEntry {
  path: string;
  message: string;
}

/** Every message in an error tree with its dotted path ("lineItems.0.description"). */
export function flattenErrors(errors: unknown, prefix = ''): SummaryEntry[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const entries: SummaryEntry[] = [];
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) entries.push({ path: prefix, message });
  for (const [key, child] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    entries.push(...flattenErrors(child, path));
  }
  return entries;
}

/** The list at the top of the form after a failed save: the field, what is wrong, a link to it. */
export function ErrorSummary({ errors, extra }: { errors: FieldErrors<InvoiceFormValues>; extra: readonly SummaryEntry[] }) {
  const { t } = useTranslation('invoice-detail');
  const entries = [...flattenErrors(errors)];
  for (const entry of extra) {
    if (!entries.some((known) => known.path === entry.path && known.message === entry.message)) entries.push(entry);
  }
  if (entries.length === 0) return null;
  const label = (path: string) => {
    const [field] = path.split('.');
    return field && isInvoiceFormField(field) ? t(`fields.${field}`) : null;
  };
  return (
    <Alert tone="danger" data-testid="form-error-summary">
      <p className="font-medium">{t('form.errorSummary')}</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map((entry) => {
          const name = label(entry.path);
          return (
            <li key={`${entry.path}:${entry.message}`}>
              {name ? (
                <a href={`#${fieldId(entry.path)}`} className="underline underline-offset-2">
                  {name}
                </a>
              ) : null}
              {name ? ': ' : null}
              {entry.message}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
