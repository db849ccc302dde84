import { useTranslation } from 'react-i18next';
import type { PaymentRunSummary } from '@kontor/domain/payments/payment-run-api';
import { RadioGroupItem } from '@/components/ui/radio-group';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { paymentRunLabel } from '../../model/payment-run-paths';

/** The value of the "new run" choice; every other choice is a run id. */
export const NEW_RUN_CHOICE = 'new';

/** One radio per choice: a new run, then each open run with name, status, count, total and earliest date. */
export function NewRunChoice() {
  const { t } = useTranslation('payment-runs');
  return (
    <div className="flex items-start gap-2">
      <RadioGroupItem id="add-to-run-new" value={NEW_RUN_CHOICE} />
      <label htmlFor="add-to-run-new" className="grid gap-0.5 text-sm">
        <span className="font-medium text-foreground">{t('addToRun.newRun')}</span>
        <span className="text-muted-foreground">{t('addToRun.newRunHint')}</span>
      </label>
    </div>
  );
}

export function OpenRunChoice({ run }: { run: PaymentRunSummary }) {
  const { t } = useTranslation('payment-runs');
  const id = `add-to-run-${run.id}`;
  const label = paymentRunLabel(run.number);
  const facts = t('addToRun.runFacts', {
    status: t(`status.${run.status}`),
    count: run.transactionCount,
    amount: formatMoney(run.totalAmount, 'EUR'),
  });
  return (
    <div className="flex items-start gap-2" data-testid="open-run-choice">
      <RadioGroupItem id={id} value={run.id} />
      <label htmlFor={id} className="grid gap-0.5 text-sm">
        <span className="font-medium text-foreground">{run.name ? `${label} · ${run.name}` : label}</span>
        <span className="text-muted-foreground">
          {run.earliestExecutionDate
            ? `${facts} · ${t('addToRun.earliest', { date: formatDate(run.earliestExecutionDate, currentLocale()) })}`
            : facts}
        </span>
      </label>
    </div>
  );
}
