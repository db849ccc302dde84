import { useTranslation } from 'react-i18next';
import type { SummaryTexts } from './approval-flow-summary';

/** The summary texts in the interface language. */
export function useApprovalFlowSummaryTexts(): SummaryTexts {
  const { t } = useTranslation('approval-flows');
  return {
    stepCount: (count) => t('summary.stepCount', { count }),
    step: (params) => t('summary.step', params),
    noApprovers: t('summary.noApprovers'),
    amountAbove: (amount) => t('summary.amountAbove', { amount }),
    amountBelow: (amount) => t('summary.amountBelow', { amount }),
    costCenters: (list) => t('summary.costCenters', { list }),
    counterparties: (count) => t('summary.counterparties', { count }),
    currencies: (list) => t('summary.currencies', { list }),
    noConditions: t('summary.noConditions'),
    defaultOnly: t('summary.defaultOnly'),
  };
}
