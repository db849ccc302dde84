import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CounterpartySummary } from '@kontor/domain/counterparty';
import { useFieldError } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { ComboboxOption } from '@/components/ui/combobox-option';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { counterpartyQueryOptions, useCounterpartySearch } from '@/lib/master-data/counterparties';
import { useCombobox } from '@/lib/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ReceivableFormValues } from '../../model/receivable-form';
import { fieldId, useIsEditable } from './form-fields';

interface CustomerFieldProps {
  /** The name the invoice was saved with: shown while the customer's record loads. */
  savedName: { id: string; name: string } | null;
  /** The chosen customer's payment terms in days and its skonto (null when it has none or they could not be read). */
  onTermsKnown: (termDays: number | null, skonto: { rate: number; days: number } | null) => void;
  className?: string;
}

/**
 * The customer: a counterparty searched on the server (the pickers' lookup) and chosen from the
 * list. Its record gives the debtor number and the payment terms, which the due date follows.
 * Customers are created on the counterparties screen.
 */
export function CustomerField({ savedName, onTermsKnown, className }: CustomerFieldProps) {
  const { t } = useTranslation('receivables');
  const queryClient = useQueryClient();
  const { control } = useFormContext<ReceivableFormValues>();
  const { field } = useController({ control, name: 'counterpartyId' });
  const error = useFieldError('counterpartyId');
  const id = fieldId('counterpartyId');
  const isEditable = useIsEditable();
  const chosenId = typeof field.value === 'string' ? field.value : '';
  const chosen = useQuery({ ...counterpartyQueryOptions(chosenId), enabled: Boolean(chosenId) });
  const [search, setSearch] = useState('');
  const { listId, isOpen, setIsOpen, activeIndex, setActiveIndex, optionId, inputProps, navigate } = useCombobox();
  const debounced = useDebouncedValue(search, 250);
  const results = useCounterpartySearch(debounced, { enabled: isOpen });
  const options = results.data?.items ?? [];

  const chosenName = !chosenId
    ? ''
    : (chosen.data?.name ?? (savedName?.id === chosenId ? savedName.name : t('customer.loading')));
  const arNumber = chosenId ? (chosen.data?.accountsReceivableNumber ?? null) : null;

  const choose = (customer: CounterpartySummary) => {
    setIsOpen(false);
    setSearch('');
    field.onChange(customer.id);
    // The terms come with the full record (the lookup has none); without them, 14 days.
    void queryClient.fetchQuery(counterpartyQueryOptions(customer.id)).then(
      (record) =>
        onTermsKnown(
          record.paymentTermsDays,
          record.skontoRate !== null && record.skontoDays !== null && record.skontoDays > 0
            ? { rate: record.skontoRate, days: record.skontoDays }
            : null,
        ),
      () => onTermsKnown(null, null),
    );
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
    <FormField
      id={id}
      label={t('fields.counterpartyId')}
      hint={arNumber ? t('customer.arNumber', { number: arNumber }) : undefined}
      error={error}
      className={className}
    >
      <div className="relative">
        <div className="flex gap-2">
          <Input
            {...fieldAria(id, { error, hint: Boolean(arNumber) })}
            {...inputProps(options.length)}
            ref={field.ref}
            name={field.name}
            placeholder={t('customer.placeholder')}
            value={isOpen ? search : chosenName}
            onFocus={() => {
              setIsOpen(true);
              setActiveIndex(0);
            }}
            onBlur={() => {
              setIsOpen(false);
              setSearch('');
              field.onBlur();
            }}
            onChange={(event) => {
              setSearch(event.target.value);
              setActiveIndex(0);
              setIsOpen(true);
            }}
            onKeyDown={onKeyDown}
          />
          {chosenId && isEditable ? (
            <Button variant="outline" size="icon" aria-label={t('customer.clear')} onClick={() => field.onChange('')}>
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
            {options.length === 0 ? (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">
                {results.isFetching ? t('customer.searching') : t('customer.noResults')}
              </li>
            ) : null}
            {options.map((option, index) => (
              <ComboboxOption
                key={option.id}
                id={optionId(index)}
                isActive={index === activeIndex}
                onChoose={() => choose(option)}
                onActivate={() => setActiveIndex(index)}
              >
                <span className="grid">
                  <span>{option.name}</span>
                  {option.vatNumber ? <span className="text-xs text-muted-foreground">{option.vatNumber}</span> : null}
                </span>
              </ComboboxOption>
            ))}
          </ul>
        ) : null}
      </div>
    </FormField>
  );
}
