import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { isIsoDate } from '@kontor/domain/dates';
import { nextDueDate, type ReceivableFormValues } from '../../model/receivable-form';

const isReadableDate = (value: unknown): value is string => typeof value === 'string' && isIsoDate(value);
const isReadableTerms = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value));

/**
 * Keeps the due date on the invoice date plus the payment terms while it still is that date
 * (nextDueDate). A date is typed keystroke by keystroke and passes through unreadable text; the
 * last readable invoice date and terms stand in for such a state, so the due date goes on
 * following once the text can be read again.
 */
export function useDueDateFollowing() {
  const { getValues, setValue } = useFormContext<ReceivableFormValues>();
  const lastDate = useRef<string | null>(null);
  const lastTerms = useRef<number | null>(null);

  const follow = (before: { invoiceDate: string | null; termDays: number | null }, after: typeof before) => {
    const current = getValues('dueDate');
    const due = nextDueDate(current, before, after);
    if (due && due !== current) setValue('dueDate', due, { shouldDirty: true });
  };

  const readableTerms = (previous: unknown) => (isReadableTerms(previous) ? previous : lastTerms.current);

  return {
    onInvoiceDateChanged: (value: string | null, previous: unknown) => {
      if (isReadableDate(previous)) lastDate.current = previous;
      if (!isReadableDate(value)) return;
      const termDays = readableTerms(getValues('paymentTermDays'));
      follow({ invoiceDate: lastDate.current, termDays }, { invoiceDate: value, termDays });
      lastDate.current = value;
    },
    onTermsChanged: (value: number | null, previous: unknown) => {
      if (isReadableTerms(previous)) lastTerms.current = previous;
      if (!isReadableTerms(value)) return;
      const invoiceDate = getValues('invoiceDate');
      follow({ invoiceDate, termDays: lastTerms.current }, { invoiceDate, termDays: value });
      lastTerms.current = value;
    },
    /**
     * A customer was chosen: its terms (or none) go into the form and the due date follows them;
     * its skonto is taken where the form has none yet.
     */
    onCustomerTerms: (termDays: number | null, skonto: { rate: number; days: number } | null) => {
      const previous = getValues('paymentTermDays');
      setValue('paymentTermDays', termDays, { shouldDirty: true });
      if (skonto && getValues('skontoRate') === null && getValues('skontoDays') === null) {
        setValue('skontoRate', skonto.rate, { shouldDirty: true });
        setValue('skontoDays', skonto.days, { shouldDirty: true });
      }
      const invoiceDate = getValues('invoiceDate');
      follow({ invoiceDate, termDays: readableTerms(previous) }, { invoiceDate, termDays });
      lastTerms.current = termDays;
    },
  };
}
