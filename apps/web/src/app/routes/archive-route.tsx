import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { ARCHIVE_TABS } from '@kontor/domain/screens';
import { NotAvailable } from '@/components/not-available';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { can, useSession } from '@/lib/session-context';
import { ArchivedInvoices } from '@/features/invoices/components/archived-invoices';
import { ArchivedTransactions } from '@/features/transactions/components/archive/archived-transactions';

type ArchiveTab = (typeof ARCHIVE_TABS)[number];

// The archive screen joins two features' tabs, so it lives in the app layer (features do not import each other).
/** /{slug}/archive/{tab?}: archived invoices; the transactions tab needs payment_runs:manage (the guard redirects). */
export function ArchiveRoute() {
  const { t } = useTranslation('invoices');
  const session = useSession();
  const { tab: tabParam, id } = useParams();
  const tab: ArchiveTab = (ARCHIVE_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ArchiveTab) : 'invoices';
  const visibleTabs = ARCHIVE_TABS.filter((entry) => entry !== 'transactions' || can(session, 'payment_runs:manage'));
  // An opened invoice is a screen of its own with its own heading, as from the overview.
  if (tab === 'invoices' && id) return <ArchivedInvoices />;

  return (
    <>
      <PageHeader title={t('archive.title')} description={t('archive.description')} />
      <nav aria-label={t('archive.tabsLabel')} className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
        {visibleTabs.map((entry) => (
          <NavLink
            key={entry}
            to={`/${session.organization.slug}/archive/${entry}`}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground',
              'focus-visible:outline-2 focus-visible:outline-ring',
              entry === tab && 'border-primary text-primary',
            )}
            aria-current={entry === tab ? 'page' : undefined}
          >
            {t(`archive.tabs.${entry}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'invoices' ? (
        <ArchivedInvoices />
      ) : tab === 'transactions' ? (
        <ArchivedTransactions />
      ) : (
        <NotAvailable screenName={t(`archive.tabs.${tab}`)} />
      )}
    </>
  );
}
