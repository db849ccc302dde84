import { DATE_PERIODS, datePeriodRange, todayIso } from '@kontor/domain/dates';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCostCenters } from '@/lib/master-data/cost-centers';
import { CounterpartyFilter } from '@/components/counterparty-filter';
import { DateFilterInput } from '@/components/date-filter-input';
import { DebouncedInput } from '@/components/debounced-input';
import { PANEL_FILTER_KEYS, parseAmountToMinor, type InvoiceListFilters } from './list-query';

type PanelFilters = Pick<InvoiceListFilters, (typeof PANEL_FILTER_KEYS)[number]>;

interface InvoiceFilterPanelProps {
  filters: InvoiceListFilters;
  onChange: (change: Partial<PanelFilters>) => void;
}

const ANY_COST_CENTER = 'any';

/** Sets a date range to a whole month, quarter or year around today, as VAT returns and closings ask. */
function PeriodMenu({ field, onPick }: { field: string; onPick: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation('invoices');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" aria-label={t('filters.periodFor', { field })}>
          {t('filters.period')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        {DATE_PERIODS.map((period) => (
          <DropdownMenuItem key={period} onSelect={() => onPick(datePeriodRange(period, todayIso()))}>
            {t(`filters.periods.${period}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A from–to pair of one field: dates typed or picked in the interface's language (or a whole period), amounts typed. */
function RangeField({
  id,
  label,
  type,
  from,
  to,
  onFrom,
  onTo,
  onRange,
}: {
  id: string;
  label: string;
  type: 'date' | 'amount';
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  onRange?: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('invoices');
  const bound = (side: 'from' | 'to', value: string, onCommit: (value: string) => void) => {
    const common = {
      id: `${id}-${side}`,
      className: 'min-w-0 flex-1',
      'aria-label': t(`filters.${side}`, { field: label }),
      value,
      onCommit,
    };
    if (type === 'date') return <DateFilterInput {...common} />;
    return (
      <DebouncedInput
        {...common}
        inputMode="decimal"
        aria-invalid={(value !== '' && parseAmountToMinor(value) === null) || undefined}
        placeholder={side === 'from' ? t('filters.amountFrom') : t('filters.amountTo')}
      />
    );
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 flex min-h-7 w-full items-center justify-between gap-2 text-sm font-medium text-foreground">
        <span>{label}</span>
        {onRange ? <PeriodMenu field={label} onPick={onRange} /> : null}
      </legend>
      <div className="flex items-center gap-2">
        {bound('from', from, onFrom)}
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        {bound('to', to, onTo)}
      </div>
    </fieldset>
  );
}

/** Invoice date, due date, counterparty, amount range and cost centre; every change lands in the URL. */
export function InvoiceFilterPanel({ filters, onChange }: InvoiceFilterPanelProps) {
  const { t } = useTranslation('invoices');
  const costCenters = useCostCenters();
  // A date the field cannot read never reaches the filters, so clearing them would not clear its
  // text: clearing starts the fields afresh.
  const [generation, setGeneration] = useState(0);
  const clearAll = () => {
    setGeneration((current) => current + 1);
    onChange(Object.fromEntries(PANEL_FILTER_KEYS.map((key) => [key, ''])));
  };
  return (
    <section
      aria-label={t('filters.label')}
      className="mb-4 grid gap-4 rounded-lg border border-border bg-surface p-4 md:grid-cols-2 xl:grid-cols-3"
    >
      <RangeField
        key={`invoice-date-${generation}`}
        id="invoice-date"
        label={t('filters.invoiceDate')}
        type="date"
        from={filters.dateFrom}
        to={filters.dateTo}
        onFrom={(dateFrom) => onChange({ dateFrom })}
        onTo={(dateTo) => onChange({ dateTo })}
        onRange={({ from, to }) => onChange({ dateFrom: from, dateTo: to })}
      />
      <RangeField
        key={`due-date-${generation}`}
        id="due-date"
        label={t('filters.dueDate')}
        type="date"
        from={filters.dueFrom}
        to={filters.dueTo}
        onFrom={(dueFrom) => onChange({ dueFrom })}
        onTo={(dueTo) => onChange({ dueTo })}
        onRange={({ from, to }) => onChange({ dueFrom: from, dueTo: to })}
      />
      <RangeField
        id="amount"
        label={t('filters.amount')}
        type="amount"
        from={filters.amountMin}
        to={filters.amountMax}
        onFrom={(amountMin) => onChange({ amountMin })}
        onTo={(amountMax) => onChange({ amountMax })}
      />
      <CounterpartyFilter value={filters.counterpartyId} onChange={(counterpartyId) => onChange({ counterpartyId })} />
      <div className="grid gap-2">
        <Label htmlFor="filter-cost-center">{t('filters.costCenter')}</Label>
        <Select
          value={filters.costCenterId || ANY_COST_CENTER}
          onValueChange={(value) => onChange({ costCenterId: value === ANY_COST_CENTER ? '' : value })}
        >
          <SelectTrigger id="filter-cost-center">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY_COST_CENTER}>{t('filters.anyCostCenter')}</SelectItem>
            {(costCenters.data?.items ?? []).map((costCenter) => (
              <SelectItem key={costCenter.id} value={costCenter.id}>
                {t('filters.costCenterOption', { type: costCenter.type, code: costCenter.code, name: costCenter.name })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-end">
        <Button variant="ghost" onClick={clearAll}>
          {t('filters.clear')}
        </Button>
      </div>
    </section>
  );
}
