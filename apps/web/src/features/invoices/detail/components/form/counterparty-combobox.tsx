import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterpartySummary } from '@kontor/domain/counterparty';
import { Button } from '@/components/ui/button';
import { ComboboxOption } from '@/components/ui/combobox-option';
import { Input } from '@/components/ui/input';
import { useCounterpartySearch } from '@/lib/master-data/counterparties';
import { useCombobox } from '@/lib/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface CounterpartyComboboxProps {
  id: string;
  /** The chosen counterparty's name as the field shows it when not searching. */
  selectedName: string | null;
  hasSelection: boolean;
  onSelect: (counterparty: CounterpartySummary) => void;
  onClear: () => void;
  onCreate: (name: string) => void;
  error?: string | undefined;
  describedBy?: string | undefined;
}

type Option = { kind: 'counterparty'; counterparty: CounterpartySummary } | { kind: 'create'; name: string };

/** Search, choose, or create a counterparty (WAI-ARIA combobox with a listbox popup). */
export function CounterpartyCombobox(props: CounterpartyComboboxProps) {
  const { id, selectedName, hasSelection, onSelect, onClear, onCreate, error, describedBy } = props;
  const { t } = useTranslation('invoice-detail');
  const [search, setSearch] = useState('');
  const { listId, isOpen, setIsOpen, activeIndex, setActiveIndex, optionId, inputProps, navigate } = useCombobox();
  const debounced = useDebouncedValue(search, 250);
  const query = useCounterpartySearch(debounced, { enabled: isOpen });

  const trimmed = search.trim();
  const options: Option[] = [
    ...(query.data?.items ?? []).map((counterparty) => ({ kind: 'counterparty' as const, counterparty })),
    { kind: 'create', name: trimmed },
  ];

  const choose = (option: Option) => {
    setIsOpen(false);
    setSearch('');
    if (option.kind === 'counterparty') onSelect(option.counterparty);
    else onCreate(option.name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
      setSearch('');
    } else {
      navigate(event, options, choose);
    }
  };

  return (
    <div className="relative">
      <div className="flex gap-2">
        <Input
          id={id}
          {...inputProps(options.length)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={t('counterparty.placeholder')}
          value={isOpen ? search : (selectedName ?? '')}
          onFocus={() => {
            setIsOpen(true);
            setActiveIndex(0);
          }}
          onBlur={() => {
            setIsOpen(false);
            setSearch('');
          }}
          onChange={(event) => {
            setSearch(event.target.value);
            setActiveIndex(0);
            setIsOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {hasSelection ? (
          <Button variant="outline" size="icon" onClick={onClear} aria-label={t('counterparty.clear')}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {isOpen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('fields.counterparty')}
          className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {query.isFetching && options.length === 1 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('counterparty.searching')}</li>
          ) : null}
          {!query.isFetching && options.length === 1 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('counterparty.noResults')}</li>
          ) : null}
          {options.map((option, index) => (
            <ComboboxOption
              key={option.kind === 'counterparty' ? option.counterparty.id : 'create'}
              id={optionId(index)}
              isActive={index === activeIndex}
              onChoose={() => choose(option)}
              onActivate={() => setActiveIndex(index)}
              className="flex items-center gap-2"
            >
              {option.kind === 'counterparty' ? (
                <span className="grid">
                  <span>{option.counterparty.name}</span>
                  {option.counterparty.vatNumber || option.counterparty.accountsPayableNumber ? (
                    <span className="text-xs text-muted-foreground">
                      {[option.counterparty.accountsPayableNumber, option.counterparty.vatNumber].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </span>
              ) : (
                <>
                  <Plus aria-hidden="true" className="size-4" />
                  {option.name ? t('counterparty.create', { name: option.name }) : t('counterparty.createNew')}
                </>
              )}
            </ComboboxOption>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
