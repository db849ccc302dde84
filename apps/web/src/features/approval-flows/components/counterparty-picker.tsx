import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboboxOption } from '@/components/ui/combobox-option';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCounterparty, useCounterpartySearch } from '@/lib/master-data/counterparties';
import { useCombobox } from '@/lib/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';

interface CounterpartyPickerProps {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}

/** A chosen counterparty by name (read by id, so a saved flow shows names too), removable. */
function CounterpartyChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t } = useTranslation('approval-flows');
  const counterparty = useCounterparty(id);
  const name = counterparty.data?.name ?? t('conditions.loadingCounterparty');
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-sm">
      {name}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('conditions.removeCounterparty', { name })}
        className="rounded-sm p-0.5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

/** Several counterparties: a search combobox (WAI-ARIA, listbox popup) adds, chips remove. */
export function CounterpartyPicker({ id, value, onChange, error }: CounterpartyPickerProps) {
  const { t } = useTranslation('approval-flows');
  const [text, setText] = useState('');
  const { listId, isOpen, setIsOpen, activeIndex, setActiveIndex, optionId, inputProps, navigate } = useCombobox();
  const search = useDebouncedValue(text, 250);
  const results = useCounterpartySearch(search, { enabled: isOpen });
  const options = (results.data?.items ?? []).filter((counterparty) => !value.includes(counterparty.id));

  const choose = (counterpartyId: string) => {
    onChange([...value, counterpartyId]);
    setText('');
    setActiveIndex(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setIsOpen(false);
    else navigate(event, options, (option) => choose(option.id));
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-foreground">{t('conditions.counterparties')}</p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('conditions.counterparties')}>
          {value.map((counterpartyId) => (
            <CounterpartyChip
              key={counterpartyId}
              id={counterpartyId}
              onRemove={() => onChange(value.filter((candidate) => candidate !== counterpartyId))}
            />
          ))}
        </ul>
      ) : null}
      <div className="relative grid gap-1">
        <label htmlFor={id} className="sr-only">
          {t('conditions.counterpartySearch')}
        </label>
        <Input
          id={id}
          {...inputProps(options.length)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={t('conditions.counterpartyPlaceholder')}
          value={text}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
            setIsOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {isOpen ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t('conditions.counterparties')}
            className="absolute top-full z-40 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 shadow-lg"
          >
            {options.length === 0 ? (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">
                {results.isFetching ? t('conditions.searching') : t('conditions.noCounterparties')}
              </li>
            ) : null}
            {options.map((counterparty, index) => (
              <ComboboxOption
                key={counterparty.id}
                id={optionId(index)}
                isActive={index === activeIndex}
                onChoose={() => choose(counterparty.id)}
                onActivate={() => setActiveIndex(index)}
              >
                {counterparty.name}
              </ComboboxOption>
            ))}
          </ul>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
