import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CounterpartySummary } from '@kontor/domain/counterparty';
import { createCounterpartyFromInvoiceSchema } from '@kontor/domain/counterparties/counterparty-record';
import { CountryCodeSelect } from '@/components/country-code-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { useCreateCounterparty } from '@/lib/master-data/counterparties';
import { notifyError, notifySuccess } from '@/lib/notify';

export type CounterpartyCreateValues = z.input<typeof createCounterpartyFromInvoiceSchema>;
type CreateValues = CounterpartyCreateValues;
type TextField = 'name' | 'vatNumber' | 'iban' | 'bic' | 'street' | 'zip' | 'city' | 'email';
/** The dialog's text fields in reading order; the wide ones take the whole row. */
const FIELDS: { name: TextField; wide?: boolean; autoComplete?: string }[] = [
  { name: 'name', wide: true, autoComplete: 'organization' },
  { name: 'street', wide: true, autoComplete: 'street-address' },
  { name: 'zip', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'vatNumber' },
  { name: 'email', autoComplete: 'email' },
  { name: 'iban', wide: true },
  { name: 'bic' },
];

export interface CounterpartyCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled from what the user typed and what the invoice already says, or from the supplier read on the document. */
  initial: CreateValues;
  /** The created counterparty; the caller links it to the invoice (and saves) before the dialog closes. */
  onCreated: (counterparty: CounterpartySummary) => Promise<void> | void;
}

/**
 * "Create inline" (SPEC §5: a counterparty must be selected or created) without leaving the
 * invoice: everything read from the document (name, address, VAT number, e-mail, IBAN/BIC) is
 * prefilled, so nothing the document said is typed twice.
 */
export function CounterpartyCreateDialog({ open, onOpenChange, initial, onCreated }: CounterpartyCreateDialogProps) {
  const { t } = useTranslation('invoice-detail');
  const { t: tCommon } = useTranslation('common');
  const create = useCreateCounterparty();
  const form = useForm<CreateValues, unknown, z.output<typeof createCounterpartyFromInvoiceSchema>>({
    resolver: zodResolver(createCounterpartyFromInvoiceSchema, zodErrorOptions),
    values: initial,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let counterparty: CounterpartySummary;
    try {
      counterparty = await create.mutateAsync(values);
    } catch (error) {
      notifyError(error, t('counterparty.createFailed'));
      return;
    }
    notifySuccess(t('counterparty.created', { name: counterparty.name }));
    onOpenChange(false);
    await onCreated(counterparty);
  });

  const countryId = 'new-counterparty-country';
  const countryError = translateFieldMessage(form.formState.errors.country?.message);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <form
          noValidate
          onSubmit={(event) => {
            // The dialog is portaled, but React still bubbles its submit to the invoice form around it,
            // which would save the invoice before the new counterparty is linked.
            event.stopPropagation();
            void onSubmit(event);
          }}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{t('counterparty.createTitle')}</DialogTitle>
            <DialogDescription>{t('counterparty.createDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {FIELDS.map(({ name, wide, autoComplete }) => {
              const id = `new-counterparty-${name}`;
              const error = translateFieldMessage(form.formState.errors[name]?.message);
              return (
                <FormField
                  key={name}
                  id={id}
                  label={t(`counterparty.${name}`)}
                  error={error}
                  className={cn(wide && 'sm:col-span-2')}
                >
                  <Input
                    {...form.register(name, { setValueAs: (value: string) => (name === 'name' ? value : value || null) })}
                    {...fieldAria(id, { error })}
                    autoComplete={autoComplete ?? 'off'}
                  />
                </FormField>
              );
            })}
            <FormField id={countryId} label={t('counterparty.country')} error={countryError} className="sm:col-span-2">
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <CountryCodeSelect
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    triggerRef={field.ref}
                    texts={{
                      none: t('counterparty.countryNone'),
                      eu: t('counterparty.countryEu'),
                      others: t('counterparty.countryOthers'),
                    }}
                    aria={fieldAria(countryId, { error: countryError })}
                  />
                )}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {tCommon('actions.cancel')}
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              {t('counterparty.createTitle')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
