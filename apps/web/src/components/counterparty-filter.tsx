import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCounterparty, useCounterpartySearch } from '@/lib/master-data/counterparties';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/cn';

/**
 * A small combobox: type to search counterparties on the server, pick one; the chosen one
 * shows by name (read by id, so a shared link shows it too) with a button to clear it.
 */
export function CounterpartyFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const search = useDebouncedValue(text, 250);
  const selected = useCounterparty(value || null);
  const results = useCounterpartySearch(search, { enabled: isOpen });
  const options = results.data?.items ?? [];

  const choose = (counterpartyId: string) => {
    onChange(counterpartyId);
    setText('');
    setIsOpen(false);
  };

  if (value) {
    return (
      <div className="grid gap-2">
        <Label>{t('counterpartyFilter.counterparty')}</Label>
        <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 text-sm">
          <span className="truncate">{selected.data?.name ?? t('counterpartyFilter.loadingCounterparty')}</span>
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label={t('counterpartyFilter.clearCounterparty')}
            className="rounded-sm p-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="relative grid gap-2">
      <Label htmlFor={id}>{t('counterpartyFilter.counterparty')}</Label>
      <Input
        id={id}
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={t('counterpartyFilter.counterpartyPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setHighlight(0);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setTimeout(() => setIsOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setHighlight((index) => Math.min(index + 1, options.length - 1));
          else if (event.key === 'ArrowUp') setHighlight((index) => Math.max(index - 1, 0));
          else if (event.key === 'Enter' && options[highlight]) {
            event.preventDefault();
            choose(options[highlight].id);
          } else if (event.key === 'Escape') setIsOpen(false);
        }}
      />
      {isOpen ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {options.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">
              {results.isFetching ? t('counterpartyFilter.searching') : t('counterpartyFilter.noCounterparties')}
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.id}
                role="option"
                aria-selected={index === highlight}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.id)}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  index === highlight && 'bg-primary-background text-primary',
                )}
              >
                {option.name}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
