import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterpartySummary } from '@kontor/domain/counterparty';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCounterpartySearch } from '@/lib/master-data/counterparties';
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
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
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
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
      setSearch('');
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative">
      <div className="flex gap-2">
        <Input
          id={id}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
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
          aria-label={t('fields.counterpartyId')}
          className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {query.isFetching && options.length === 1 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('counterparty.searching')}</li>
          ) : null}
          {!query.isFetching && options.length === 1 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('counterparty.noResults')}</li>
          ) : null}
          {options.map((option, index) => (
            <li
              key={option.kind === 'counterparty' ? option.counterparty.id : 'create'}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Choosing on mouse down keeps the input from blurring (and closing the list) first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActiveIndex(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                index === activeIndex && 'bg-primary-background text-primary',
              )}
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
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
