import { FileX } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import type { Permission } from '@kontor/domain/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { can, useSession, type Session } from '@/lib/session-context';
import { ExportDetail } from '@/features/exports/components/export-detail';
import { ExportHistory } from '@/features/exports/components/export-history';
import { InvoicesExportTab } from '@/features/exports/components/invoices-export-tab';
import { ReceivablesExportTab } from '@/features/exports/components/receivables-export-tab';
import { TransactionsExportTab } from '@/features/payment-runs/components/export/transactions-export-tab';

type ExportTab = 'invoices' | 'receivables' | 'transactions' | 'history';

/** Each tab with who may see it (SPEC §2: the screen needs ap_invoices:manage or payment_runs:manage). */
const EXPORT_TABS: { tab: ExportTab; permissions: Permission[] }[] = [
  { tab: 'invoices', permissions: ['ap_invoices:manage'] },
  { tab: 'receivables', permissions: ['ap_invoices:manage'] },
  { tab: 'transactions', permissions: ['payment_runs:manage'] },
  { tab: 'history', permissions: ['ap_invoices:manage', 'payment_runs:manage'] },
];

const mayOpen = (session: Session, permissions: Permission[]) => permissions.some((permission) => can(session, permission));

function tabContent(tab: ExportTab, id: string | undefined): ReactNode {
  if (tab === 'invoices') return <InvoicesExportTab />;
  if (tab === 'receivables') return <ReceivablesExportTab />;
  if (tab === 'transactions') return <TransactionsExportTab />;
  return id ? <ExportDetail id={id} /> : <ExportHistory />;
}

// The export screen joins the invoices' and the payment runs' exports, so it lives in the app layer.
/** /{slug}/export/{tab?}/{id?}: accounting exports of invoices and payments, SEPA files, and the history. */
export function ExportRoute() {
  const { t } = useTranslation('exports');
  const session = useSession();
  const { tab, id } = useParams();
  const slug = session.organization.slug;
  const tabs = EXPORT_TABS.filter((entry) => mayOpen(session, entry.permissions));
  const first = tabs[0];

  if (!first) {
    return (
      <>
        <PageHeader title={t('screen.title')} />
        <EmptyState icon={FileX} title={t('screen.noTabsTitle')} description={t('screen.noTabsDescription')} />
      </>
    );
  }
  const current = tabs.find((entry) => entry.tab === tab);
  if (!current) return <Navigate to={`/${slug}/export/${first.tab}`} replace />;

  return (
    <>
      <PageHeader title={t('screen.title')} description={t('screen.description')} />
      <nav aria-label={t('screen.tabs')} className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
        {tabs.map((entry) => (
          <NavLink
            key={entry.tab}
            to={`/${slug}/export/${entry.tab}`}
            end={false}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                isActive ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {t(`screen.tab.${entry.tab}`)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<LoadingState />}>{tabContent(current.tab, id)}</Suspense>
    </>
  );
}
