import { FileX } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import type { Permission } from '@kontor/domain/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { can, useSession } from '@/lib/session-context';
import { TransactionsExportTab } from '../components/export/transactions-export-tab';
import { exportUrl } from '../model/payment-run-paths';

/**
 * The tabs that exist so far, each with the permission it needs. The invoices tab of the exports
 * issue adds itself here (`{ tab: 'invoices', permission: 'ap_invoices:manage', … }`).
 */
const EXPORT_TABS = [{ tab: 'transactions', permission: 'payment_runs:manage' as Permission }] as const;

/** /{slug}/export/{tab?}/{id?} (SPEC §2: ap_invoices:manage or payment_runs:manage). */
export function ExportRoute() {
  const { t } = useTranslation('payment-runs');
  const session = useSession();
  const { tab } = useParams();
  const slug = session.organization.slug;
  const tabs = EXPORT_TABS.filter((entry) => can(session, entry.permission));
  const first = tabs[0];

  if (!first) {
    return (
      <>
        <PageHeader title={t('exportScreen.title')} />
        <EmptyState icon={FileX} title={t('exportScreen.noTabsTitle')} description={t('exportScreen.noTabsDescription')} />
      </>
    );
  }
  const current = tabs.find((entry) => entry.tab === tab);
  if (!current) return <Navigate to={exportUrl(slug, first.tab)} replace />;

  return (
    <>
      <PageHeader title={t('exportScreen.title')} description={t('exportScreen.description')} />
      <nav aria-label={t('exportScreen.tabs')} className="mb-6 flex gap-1 border-b border-border">
        {tabs.map((entry) => (
          <NavLink
            key={entry.tab}
            to={exportUrl(slug, entry.tab)}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                isActive ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {t(`exportScreen.tab.${entry.tab}`)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<LoadingState />}>{current.tab === 'transactions' ? <TransactionsExportTab /> : null}</Suspense>
    </>
  );
}
