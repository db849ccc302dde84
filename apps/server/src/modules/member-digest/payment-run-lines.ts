import { invoiceFormat } from '@kontor/formats';
import type { Locale } from '@kontor/domain';
import { oneLine } from '../approvals/mail-step-approvers';
import type { RunFigures } from '../payment-runs/run-rows';
import type { DigestLine, SectionTranslate } from './digest-section';

export interface DigestRun {
  id: string;
  number: number;
  name: string | null;
}

/**
 * A run as a digest line: "PR-12 (Lieferanten KW 50), 3 payments, 1.234,56 €, first execution on
 * 08.12.2026", linked to the run. Figures as the payment-run screens count them (runFigures: EUR
 * total of a SEPA run).
 */
export function paymentRunLine(
  t: SectionTranslate,
  locale: Locale,
  orgUrl: string,
  run: DigestRun,
  figures: RunFigures | undefined,
): DigestLine {
  const format = invoiceFormat(locale, 'EUR');
  const count = figures?.transactionCount ?? 0;
  const name = oneLine(run.name ?? '');
  return {
    text: t('digestPaymentRunLine', {
      run: name ? `PR-${run.number} (${name})` : `PR-${run.number}`,
      payments: t(count === 1 ? 'paymentCountOne' : 'paymentCountOther', { count }),
      amount: format.money(figures?.totalAmount ?? 0),
      execution: figures?.earliestExecutionDate
        ? t('digestPaymentRunExecution', { date: format.date(figures.earliestExecutionDate) })
        : t('digestPaymentRunNoExecution'),
    }),
    href: `${orgUrl}/pr/${run.id}`,
  };
}
