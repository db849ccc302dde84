import { useTranslation } from 'react-i18next';
import { todayIso } from '@kontor/domain/dates';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/** Amounts as the SPEC wants them everywhere: de-DE with the invoice's currency (EUR when unknown). */
export function AmountCell({ amount, currency }: { amount: number | null; currency: string | null }) {
  return (
    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
      {amount === null ? <Missing /> : formatMoney(amount, currency ?? 'EUR')}
    </td>
  );
}

export function DateCell({ value }: { value: string | null }) {
  return <td className="px-3 py-2 whitespace-nowrap tabular-nums">{value ? formatDate(value, currentLocale()) : <Missing />}</td>;
}

/** A due date in the past is emphasised (and said so for screen readers) while the invoice is still open. */
export function DueDateCell({ value, isOpen }: { value: string | null; isOpen: boolean }) {
  const { t } = useTranslation('invoices');
  const isOverdue = Boolean(value) && isOpen && (value ?? '') < todayIso();
  return (
    <td className={cn('px-3 py-2 whitespace-nowrap tabular-nums', isOverdue && 'font-semibold text-danger')}>
      {value ? formatDate(value, currentLocale()) : <Missing />}
      {isOverdue ? <span className="ml-1 text-xs font-medium">({t('table.overdue')})</span> : null}
    </td>
  );
}

export function Missing() {
  return <span className="text-muted-foreground">—</span>;
}
