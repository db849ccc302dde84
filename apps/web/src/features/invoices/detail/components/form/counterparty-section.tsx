import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CounterpartySummary } from '@kontor/domain/counterparty';
import type { ProposedCounterparty } from '@kontor/domain/invoices/invoice-reading';
import { fillFromCounterpartyTerms, type TermsFill } from '@kontor/domain/invoices/counterparty-terms';
import { formatIban, isIban } from '@kontor/domain/iban';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isCountryCode } from '@/lib/country-options';
import { counterpartyQueryOptions, toCounterpartySummary, useCounterparty } from '@/lib/master-data/counterparties';
import { notifySuccess } from '@/lib/notify';
import { counterpartyCopyUpdates, type CounterpartyCopyField } from '../../model/counterparty-copies';
import type { InvoiceFormValues } from '../../model/invoice-form-values';
import { CounterpartyCombobox } from './counterparty-combobox';
import { CounterpartyCreateDialog, type CounterpartyCreateValues } from './counterparty-create-dialog';
import { fieldId, FormSection, TextField, useFieldError } from './form-controls';
import { ProposedCounterpartyCard } from './proposed-counterparty-card';
import { ReadMark } from './read-mark';
import { useReading } from './reading-context';

const DIRTY = { shouldDirty: true, shouldValidate: false } as const;
const EMPTY_COUNTERPARTY: CounterpartyCreateValues = { name: '', vatNumber: null, iban: null, bic: null };

/** Everything the document said of its supplier, for "create" (the tax number has no field on the record). */
function fromProposal(proposed: ProposedCounterparty): CounterpartyCreateValues {
  return {
    name: proposed.name,
    vatNumber: proposed.vatNumber,
    iban: proposed.iban,
    bic: proposed.bic,
    email: proposed.email,
    street: proposed.street,
    zip: proposed.postalCode,
    city: proposed.city,
    country: isCountryCode(proposed.countryCode) ? proposed.countryCode : null,
  };
}

/**
 * Counterparty (select or create inline), its name, IBAN, BIC and VAT number. A counterparty
 * created here is linked and the invoice saved at once (`saveInvoice`): otherwise the link would
 * be lost on leaving, and the page would offer to create the same supplier again.
 */
export function CounterpartySection({ saveInvoice }: { saveInvoice: () => Promise<void> }) {
  const { t } = useTranslation('invoice-detail');
  const { control, getValues, setValue } = useFormContext<InvoiceFormValues>();
  const [counterpartyId, counterpartyName] = useWatch({ control, name: ['counterparty', 'counterpartyName'] });
  const selected = useCounterparty(counterpartyId ?? null);
  const { proposedCounterparty, hasDocumentPayment } = useReading();
  const [createInitial, setCreateInitial] = useState<CounterpartyCreateValues | null>(null);
  const error = useFieldError('counterparty');
  const id = fieldId('counterparty');

  const queryClient = useQueryClient();

  /**
   * The counterparty's agreed terms (due date, skonto, default ledger account) for the fields still
   * empty, as reading a document of a known supplier does. They come with its full record, which
   * the section loads anyway to show the name; a failed load leaves the fields to the user.
   */
  const applyTerms = async (counterpartyId: string) => {
    const record = await queryClient.fetchQuery(counterpartyQueryOptions(counterpartyId)).catch(() => null);
    if (!record || getValues('counterparty') !== counterpartyId) return;
    const [date, dueDate, totalAmount, skontoRate, ledgerAccount] = getValues([
      'date',
      'dueDate',
      'totalAmount',
      'skontoRate',
      'ledgerAccount',
    ]);
    const fill = fillFromCounterpartyTerms({ date, dueDate, totalAmount, skontoRate, ledgerAccount }, record);
    const names = Object.keys(fill) as (keyof TermsFill)[];
    for (const name of names) setValue(name, fill[name] ?? null, DIRTY);
    const labels = new Set(
      names.map((name) => (name.startsWith('skonto') ? t('counterparty.termsSkonto') : t(`fields.${name}`))),
    );
    if (labels.size > 0) notifySuccess(t('counterparty.termsApplied', { name: record.name, fields: [...labels].join(', ') }));
  };

  /** A counterparty's details as the combobox knows them: shown already, else from the server (null if that fails). */
  const loadDetails = async (counterpartyId: string): Promise<CounterpartySummary | null> => {
    if (selected.data?.id === counterpartyId) return selected.data;
    return queryClient
      .fetchQuery(counterpartyQueryOptions(counterpartyId))
      .then(toCounterpartySummary)
      .catch(() => null);
  };

  /**
   * Choosing fills the invoice's own copies where they are empty or still the previous
   * counterparty's (see counterpartyCopyUpdates); what the user typed stays.
   */
  const choose = async (counterparty: CounterpartySummary) => {
    const previousId = getValues('counterparty');
    setValue('counterparty', counterparty.id, DIRTY);
    void applyTerms(counterparty.id);
    // Without the previous one's details every copy would count as typed by hand and stay.
    const previous = previousId ? await loadDetails(previousId) : null;
    if (getValues('counterparty') !== counterparty.id) return;
    const [counterpartyName, counterpartyIban, counterpartyBic, counterpartyVat] = getValues([
      'counterpartyName',
      'counterpartyIban',
      'counterpartyBic',
      'counterpartyVat',
    ]);
    const updates = counterpartyCopyUpdates(
      { counterpartyName, counterpartyIban, counterpartyBic, counterpartyVat },
      previous,
      counterparty,
    );
    for (const [field, value] of Object.entries(updates) as [CounterpartyCopyField, string | null][]) {
      // A read document's account to pay is chosen in its panel, never copied from the record;
      // the previous counterparty's account is still emptied (it was the wrong supplier's).
      if (hasDocumentPayment && value !== null && (field === 'counterpartyIban' || field === 'counterpartyBic')) continue;
      setValue(field, value, DIRTY);
    }
  };

  return (
    <FormSection id="invoice-section-counterparty" title={t('form.sections.counterparty')}>
      {proposedCounterparty && !counterpartyId ? (
        <ProposedCounterpartyCard
          counterparty={proposedCounterparty}
          onCreate={() => setCreateInitial(fromProposal(proposedCounterparty))}
        />
      ) : null}
      <FormField id={id} label={t('fields.counterparty')} labelAddon={<ReadMark name="counterparty" />} error={error}>
        <CounterpartyCombobox
          id={id}
          selectedName={selected.data?.name ?? (counterpartyId ? counterpartyName : null) ?? null}
          hasSelection={Boolean(counterpartyId)}
          onSelect={(counterparty) => void choose(counterparty)}
          onClear={() => setValue('counterparty', null, DIRTY)}
          onCreate={(name) =>
            setCreateInitial({
              name: name || getValues('counterpartyName') || '',
              vatNumber: getValues('counterpartyVat') || null,
              iban: getValues('counterpartyIban') || null,
              bic: getValues('counterpartyBic') || null,
            })
          }
          error={error}
          describedBy={error ? `${id}-error` : undefined}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="counterpartyName" label={t('fields.counterpartyName')} maxLength={200} className="sm:col-span-2" />
        <IbanField />
        <TextField name="counterpartyBic" label={t('fields.counterpartyBic')} maxLength={11} />
        <TextField name="counterpartyVat" label={t('fields.counterpartyVat')} maxLength={20} />
      </div>
      <CounterpartyCreateDialog
        open={createInitial !== null}
        onOpenChange={(open) => {
          if (!open) setCreateInitial(null);
        }}
        initial={createInitial ?? EMPTY_COUNTERPARTY}
        onCreated={async (counterparty) => {
          await choose(counterparty);
          await saveInvoice();
        }}
      />
    </FormSection>
  );
}

/** The IBAN as typed; grouped in fours once it is valid and the user leaves the field. */
function IbanField() {
  const { t } = useTranslation('invoice-detail');
  const { register, setValue, getValues } = useFormContext<InvoiceFormValues>();
  const error = useFieldError('counterpartyIban');
  const id = fieldId('counterpartyIban');
  const registration = register('counterpartyIban', { setValueAs: (value: string | null) => value || null });
  return (
    <FormField
      id={id}
      label={t('fields.counterpartyIban')}
      labelAddon={<ReadMark name="counterpartyIban" />}
      hint={t('hints.iban')}
      error={error}
      className="sm:col-span-2"
    >
      <Input
        {...registration}
        {...fieldAria(id, { error, hint: true })}
        autoComplete="off"
        spellCheck={false}
        maxLength={42}
        className="font-mono"
        onBlur={(event) => {
          void registration.onBlur(event);
          const value = getValues('counterpartyIban');
          if (value && isIban(value) && formatIban(value) !== value)
            setValue('counterpartyIban', formatIban(value), { shouldDirty: true });
        }}
      />
    </FormField>
  );
}
