import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** Receivables are exported here once Kontor has them (issue 41: "the tab is there and says so"). */
export function ReceivablesExportTab() {
  const { t } = useTranslation('exports');
  return (
    <EmptyState icon={Inbox} headingLevel={2} title={t('receivablesTab.title')} description={t('receivablesTab.description')} />
  );
}
