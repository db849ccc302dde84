import { Landmark, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableSkeleton } from '@/components/table-skeleton';
import { countryOptions } from '@/lib/country-options';
import { currentLocale } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useInstitutions, useStartBankConnection } from '../api/bank-connections';

/** Where the browser goes to give consent; a seam for the component's tests. */
export const goToBank = (url: string) => window.location.assign(url);

/**
 * Steps 1 and 2 of connecting (SPEC §2): the country (EU member states, where PSD2 access works),
 * then the bank, searched by name or BIC. Choosing one sends the browser to the bank's consent.
 */
export function ChooseBank({ defaultCountry }: { defaultCountry: string }) {
  const { t } = useTranslation('bank-connections');
  const { eu } = countryOptions(currentLocale());
  const [country, setCountry] = useState(eu.some((option) => option.code === defaultCountry) ? defaultCountry : 'DE');
  const [search, setSearch] = useState('');
  const institutions = useInstitutions(country);
  const start = useStartBankConnection();
  const shown = useMemo(() => {
    const term = search.trim().toLocaleLowerCase();
    const items = institutions.data?.items ?? [];
    if (!term) return items;
    return items.filter((bank) => `${bank.name} ${bank.bic ?? ''}`.toLocaleLowerCase().includes(term));
  }, [institutions.data, search]);

  const connect = (institutionId: string) =>
    start.mutate(
      { institutionId, country },
      {
        onSuccess: ({ redirectUrl }) => goToBank(redirectUrl),
        onError: (error) => notifyError(error, t('choose.startFailed')),
      },
    );

  let list;
  if (institutions.isPending) list = <TableSkeleton columns={2} rows={4} />;
  else if (institutions.isError)
    list = (
      <ErrorState
        title={t('choose.loadFailed')}
        error={institutions.error}
        onRetry={() => void institutions.refetch()}
        isRetrying={institutions.isFetching}
      />
    );
  else if (shown.length === 0)
    list = <EmptyState icon={Landmark} title={t('choose.noBanks')} description={t('choose.noBanksHint')} headingLevel={3} />;
  else
    list = (
      <ul className="grid gap-2" aria-label={t('choose.banks')}>
        {shown.map((bank) => (
          <li key={bank.id}>
            <Button
              variant="outline"
              className="h-auto w-full justify-between py-3"
              onClick={() => connect(bank.id)}
              isLoading={start.isPending && start.variables?.institutionId === bank.id}
              disabled={start.isPending}
            >
              <span className="grid text-left">
                <span className="font-medium">{bank.name}</span>
                <span className="text-xs text-muted-foreground">
                  {[bank.bic, t('choose.history', { days: bank.transactionTotalDays })].filter(Boolean).join(' · ')}
                </span>
              </span>
              <span className="text-sm text-primary">{t('choose.connect')}</span>
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="bank-country" label={t('choose.country')}>
          <Select value={country} onValueChange={setCountry}>
            <SelectTrigger id="bank-country">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-96 overflow-y-auto">
              {eu.map((option) => (
                <SelectItem key={option.code} value={option.code}>
                  {option.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="bank-search" label={t('choose.search')}>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="bank-search"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('choose.searchPlaceholder')}
            />
          </div>
        </FormField>
      </div>
      {list}
    </div>
  );
}
