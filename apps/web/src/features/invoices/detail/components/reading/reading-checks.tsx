import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceReading } from '@kontor/domain/invoices/invoice-reading';
import { Alert } from '@/components/ui/alert';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { sortFormalItems } from '../../model/reading-labels';
import { RuleWarnings } from './rule-warnings';

interface ReadingChecksProps {
  reading: InvoiceReading;
  currency: string | null;
  /** The detail path of another invoice, for the links to possible duplicates. */
  invoicePath: (id: string) => string;
}

/**
 * What the checks on the read document found: possible duplicates (with links), a ZUGFeRD or
 * Factur-X PDF whose visible text disagrees with its embedded XML, missing §14 UStG items and
 * broken EN 16931 rules.
 */
export function ReadingChecks({ reading, currency, invoicePath }: ReadingChecksProps) {
  const { t } = useTranslation('invoice-detail');
  const locale = currentLocale();
  const missing = sortFormalItems(reading.missingFormalItems);
  const ruleWarnings = reading.ruleWarnings ?? [];
  const isClean =
    reading.duplicates.length === 0 && reading.hybridMismatches.length === 0 && missing.length === 0 && ruleWarnings.length === 0;
  if (isClean) return null;
  return (
    <div aria-label={t('reading.checks.label')} role="group" className="grid" data-testid="reading-checks">
      {reading.duplicates.length > 0 ? (
        <Alert tone="warning" data-testid="reading-duplicates">
          <p className="font-medium">{t('reading.checks.duplicateTitle', { count: reading.duplicates.length })}</p>
          <ul className="mt-1 grid gap-1">
            {reading.duplicates.map((duplicate) => (
              <li key={duplicate.id} data-testid="reading-duplicate" data-reason={duplicate.reason}>
                <Link to={invoicePath(duplicate.id)} className="font-medium underline underline-offset-2">
                  {duplicate.invoiceNumber
                    ? t('reading.checks.duplicateLink', { number: duplicate.invoiceNumber })
                    : t('reading.checks.duplicateLinkWithoutNumber')}
                </Link>
                {[
                  duplicate.date ? formatDate(duplicate.date, locale) : null,
                  duplicate.totalAmount === null ? null : formatMoney(duplicate.totalAmount, currency ?? 'EUR'),
                  t(`status.${duplicate.status}`, { defaultValue: duplicate.status }),
                ]
                  .filter(Boolean)
                  .map((part) => ` · ${part}`)
                  .join('')}
                <span className="block text-xs">{t(`reading.checks.duplicateReasons.${duplicate.reason}`)}</span>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {reading.hybridMismatches.map((mismatch) => (
        <Alert key={mismatch} tone="danger" data-testid={`reading-hybrid-mismatch-${mismatch}`}>
          <p>{t(`reading.checks.hybridMismatch.${mismatch}`)}</p>
        </Alert>
      ))}
      {missing.length > 0 ? (
        <Alert tone="warning" data-testid="reading-missing-formal-items">
          <p className="font-medium">{t('reading.checks.formalTitle')}</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item} data-testid={`missing-formal-item-${item}`}>
                {t(`reading.formalItems.${item}`)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <RuleWarnings warnings={ruleWarnings} />
    </div>
  );
}
