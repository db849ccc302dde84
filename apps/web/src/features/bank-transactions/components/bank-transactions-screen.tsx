import { useQueryClient } from '@tanstack/react-query';
import { Landmark, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { BankStatementList } from '@kontor/domain/banking/bank-transaction-api';
import type { InfiniteData } from '@tanstack/react-query';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isAdmin, useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useQueryStringFilters } from '@/lib/use-query-string-filters';
import { bankTransactionKeys, bankTransactionUrl, type BankTransactionLinkState } from '../api/bank-transaction-keys';
import { useBankTransactionAccounts } from '../api/list-bank-transaction-accounts';
import { useBankTransactionList } from '../api/list-bank-transactions';
import {
  hasActiveFilters,
  readBankTransactionFilters,
  statementFilters,
  toBankTransactionQuery,
  writeBankTransactionFilters,
  type BankTransactionListFilters,
  type BankTransactionTab,
} from '../model/list-filters';
import { AccountsPanel } from './accounts-panel';
import { BankTransactionTable } from './bank-transaction-table';
import { AccountSelect, FiltersBar } from './filters-bar';
import { statementLabel } from './statement-texts';
import { StatementsSection } from './statements-section';
import { StatementUploadButton } from './statement-upload-button';
import { TotalsBar } from './totals-bar';

/** The statement the list is narrowed to, named from whichever statement list has been loaded. */
function useStatementName(statementId: string): string | null {
  const { t } = useTranslation('bank-transactions');
  const queryClient = useQueryClient();
  if (!statementId) return null;
  const lists = queryClient.getQueriesData<InfiniteData<BankStatementList>>({ queryKey: bankTransactionKeys.statementLists() });
  for (const [, data] of lists) {
    const found = data?.pages.flatMap((page) => page.items).find((statement) => statement.id === statementId);
    if (found) return statementLabel(t, found);
  }
  return null;
}

function TransactionsTab({
  filters,
  onOpen,
  accountCount,
}: {
  filters: BankTransactionListFilters;
  onOpen: (id: string) => void;
  /** How many company accounts there are (null while loading): with one, no row needs to name it. */
  accountCount: number | null;
}) {
  const { t } = useTranslation('bank-transactions');
  const { t: tList } = useTranslation('bank-transactions', { keyPrefix: 'list' });
  const session = useSession();
  const query = useMemo(() => toBankTransactionQuery(filters), [filters]);
  const list = useBankTransactionList(query);
  const items = usePagedItems(list.data);
  const empty = hasActiveFilters(filters) ? (
    <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
  ) : (
    <EmptyState
      icon={Landmark}
      title={t('list.empty.title')}
      description={isAdmin(session) ? t('list.empty.description') : t('list.empty.descriptionMember')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {isAdmin(session) ? (
            <Button asChild variant="outline">
              <Link to={`/${session.organization.slug}/settings/bank-accounts`}>{t('accounts.toSettings')}</Link>
            </Button>
          ) : null}
          <StatementUploadButton />
        </div>
      }
    />
  );
  return (
    <>
      <TotalsBar query={query} />
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={6}
        empty={empty}
        texts={pagedListTexts(tList, items.length)}
      >
        <BankTransactionTable items={items} onOpen={onOpen} showAccount={!filters.accountId && accountCount !== 1} />
      </PagedListBody>
    </>
  );
}

/**
 * /{slug}/bank-transactions (SPEC §2, bank_accounts:manage): the company accounts with their
 * balances, sync and statement upload; the transactions with filters, totals and keyset pages;
 * the statements with their balances. Filters and the tab live in the query string.
 */
export function BankTransactionsScreen() {
  // The upload dialog speaks the transactions namespace: loaded with the screen, not when first opened.
  const { t } = useTranslation(['bank-transactions', 'transactions']);
  const session = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { filters, updateFilters } = useQueryStringFilters(readBankTransactionFilters, writeBankTransactionFilters);
  const accounts = useBankTransactionAccounts();
  const statementName = useStatementName(filters.statementId);

  const open = (id: string) => {
    const state: BankTransactionLinkState = { listSearch: search };
    void navigate(bankTransactionUrl(session.organization.slug, id), { state });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<StatementUploadButton />} />
      <AccountsPanel accounts={accounts} />
      <Tabs value={filters.tab} onValueChange={(tab) => updateFilters({ tab: tab as BankTransactionTab })}>
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="transactions">{t('tabs.transactions')}</TabsTrigger>
          <TabsTrigger value="statements">{t('tabs.statements')}</TabsTrigger>
        </TabsList>
        <TabsContent value="transactions">
          <FiltersBar
            filters={filters}
            onChange={updateFilters}
            accounts={accounts.data?.items ?? []}
            statementName={statementName}
          />
          <TransactionsTab filters={filters} onOpen={open} accountCount={accounts.data?.items.length ?? null} />
        </TabsContent>
        <TabsContent value="statements">
          <div className="mb-4">
            <AccountSelect
              value={filters.accountId}
              accounts={accounts.data?.items ?? []}
              onChange={(accountId) => updateFilters({ accountId, statementId: '' })}
            />
          </div>
          <StatementsSection
            accountId={filters.accountId}
            onShowTransactions={(statement) => updateFilters(statementFilters(statement))}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}
