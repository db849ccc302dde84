import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { INVOICE_TABS, type InvoiceTab } from '@kontor/domain/screens';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';

/** The overview's tabs as links (each tab has its own address); counts come with the list answer. */
export function InvoiceTabs({ slug, counts }: { slug: string; counts: Record<string, number> | undefined }) {
  const { t } = useTranslation('invoices');
  const { search } = useLocation();
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
      {INVOICE_TABS.map((tab: InvoiceTab) => {
        const count = counts?.[tab];
        return (
          <NavLink
            key={tab}
            to={{ pathname: `/${slug}/invoices/${tab}`, search }}
            className={({ isActive }) =>
              cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground',
                'hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                isActive && 'border-primary text-primary',
              )
            }
          >
            {t(`tabs.${tab}`)}
            {count !== undefined ? (
              <span
                className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums"
                data-testid={`tab-count-${tab}`}
              >
                {formatNumber(count, currentLocale())}
              </span>
            ) : null}
          </NavLink>
        );
      })}
    </nav>
  );
}
