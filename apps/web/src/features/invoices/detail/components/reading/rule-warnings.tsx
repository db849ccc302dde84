import { useTranslation } from 'react-i18next';
import type { EInvoiceRuleWarning } from '@kontor/domain/invoices/document-payment';
import { Alert } from '@/components/ui/alert';

/**
 * EN 16931 business rules the e-invoice breaks. The reader keeps such a document (refusing it
 * would leave the invoice to be typed by hand), so each broken rule is named here with the
 * values it concerns, as written in the XML, and the rule's id for whoever asks the sender.
 */
export function RuleWarnings({ warnings }: { warnings: readonly EInvoiceRuleWarning[] }) {
  const { t } = useTranslation('invoice-detail');
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" data-testid="reading-rule-warnings">
      <p className="font-medium">{t('reading.checks.ruleWarnings.title')}</p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((warning, index) => (
          // A rule can break on several lines: the code alone does not tell the entries apart.
          <li key={`${warning.code}-${index}`} data-testid={`reading-rule-warning-${warning.code}`}>
            {t('reading.checks.ruleWarnings.item', {
              message: t(`reading.checks.ruleWarnings.codes.${warning.code}`, warning.params),
              rule: warning.rule,
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
