import { useEffect, useRef } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { InvoiceFormValues } from '../../model/invoice-form-values';

type Path = FieldPath<InvoiceFormValues>;

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A figure that follows from others (the skonto amount from its rate and the total, a line's total
 * from quantity and unit price, the net amount from the gross total and the tax rate) follows them
 * while the user changes them: it is filled when it is empty or still holds what followed from
 * their previous values, and a figure typed by hand (a supplier's own rounding) is left alone.
 * Only the user's changes count (a source that is dirty), never the form loading an invoice.
 */
export function useDerivedAmount(target: Path, sources: readonly Path[], derive: (values: number[]) => number): void {
  const { control, getValues, setValue, getFieldState } = useFormContext<InvoiceFormValues>();
  const values = useWatch({ control, name: [...sources] }) as unknown[];
  const previous = useRef(values);
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    const changedByUser = sources.some((name, index) => !Object.is(before[index], values[index]) && getFieldState(name).isDirty);
    if (!changedByUser) return;
    const derivedFrom = (list: unknown[]) => (list.every(isAmount) ? derive(list) : null);
    const current = getValues(target) as unknown;
    if (current !== null && current !== undefined && current !== derivedFrom(before)) return;
    const next = derivedFrom(values);
    // A number or null fits every amount path; the generic path type cannot say so.
    if (next !== current) setValue(target, next as never, { shouldDirty: true });
  });
}
