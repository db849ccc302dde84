import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { systemTaxKeyInputSchema, TAX_KEY_TYPES, taxKeyInputSchema, type TaxKey } from '@kontor/domain/master-data';
import { Alert } from '@/components/ui/alert';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatNumber } from '@/lib/format';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { useTaxKeyMutations } from '@/lib/master-data/tax-keys';
import { EntityFormDialog } from './entity-form-dialog';
import { PercentInput } from './percent-input';
import { useEntitySave } from './use-entity-save';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

interface TaxKeyDialogProps {
  taxKey: TaxKey | null;
  onClose: () => void;
}

/** A system key: locked, only its external code (the accounting system's key) can change. */
function SystemTaxKeyDialog({ taxKey, onClose }: { taxKey: TaxKey; onClose: () => void }) {
  const { t } = useTranslation(['master-data', 'validation']);
  const { update } = useTaxKeyMutations();
  const form = useForm({
    resolver: zodResolver(systemTaxKeyInputSchema, zodErrorOptions),
    defaultValues: { externalCode: taxKey.externalCode },
  });
  const save = useEntitySave({
    setError: form.setError,
    fields: ['externalCode'],
    successMessage: t('taxKeys.saved'),
    onSaved: onClose,
  });
  const error = translateFieldMessage(form.formState.errors.externalCode?.message);
  const onSubmit = form.handleSubmit((input) =>
    save(() => update.mutateAsync({ id: taxKey.id, version: taxKey.version, input })),
  );
  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('taxKeys.editTitle', { name: taxKey.name })}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={form.formState.isSubmitting}
    >
      <Alert tone="info">{t('taxKeys.systemLocked')}</Alert>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('taxKeys.name')}</dt>
          <dd className="inline-flex items-center gap-1 font-medium">
            <Lock aria-hidden="true" className="size-3" />
            {taxKey.name}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('taxKeys.type')}</dt>
          <dd>{t(`taxKeys.types.${taxKey.type}`)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('taxKeys.rate')}</dt>
          <dd>{taxKey.rate === null ? '—' : `${formatNumber(taxKey.rate / 100, currentLocale())} %`}</dd>
        </div>
      </dl>
      <FormField id="tax-key-external" label={t('taxKeys.externalCode')} error={error} hint={t('taxKeys.externalCodeHint')}>
        <Input
          {...form.register('externalCode', { setValueAs: emptyToNull })}
          {...fieldAria('tax-key-external', { error, hint: true })}
          maxLength={20}
          autoComplete="off"
        />
      </FormField>
    </EntityFormDialog>
  );
}

function CustomTaxKeyDialog({ taxKey, onClose }: TaxKeyDialogProps) {
  const { t } = useTranslation(['master-data', 'validation']);
  const { create, update } = useTaxKeyMutations();
  const form = useForm({
    resolver: zodResolver(taxKeyInputSchema, zodErrorOptions),
    defaultValues: {
      name: taxKey?.name ?? '',
      externalCode: taxKey?.externalCode ?? null,
      type: taxKey?.type ?? 'PURCHASE',
      description: taxKey?.description ?? null,
      rate: taxKey?.rate ?? null,
    },
  });
  const save = useEntitySave({
    setError: form.setError,
    fields: ['name', 'externalCode', 'type', 'description', 'rate'],
    codeFields: { tax_key_name_exists: 'name' },
    successMessage: t('taxKeys.saved'),
    onSaved: onClose,
  });
  const errors = form.formState.errors;
  const nameError = translateFieldMessage(errors.name?.message);
  const externalError = translateFieldMessage(errors.externalCode?.message);
  const rateError = errors.rate ? t('taxKeys.rateInvalid') : undefined;
  const descriptionError = translateFieldMessage(errors.description?.message);
  const onSubmit = form.handleSubmit((input) =>
    save(() => (taxKey ? update.mutateAsync({ id: taxKey.id, version: taxKey.version, input }) : create.mutateAsync(input))),
  );

  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={taxKey ? t('taxKeys.editTitle', { name: taxKey.name }) : t('taxKeys.createTitle')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={form.formState.isSubmitting}
    >
      <FormField id="tax-key-name" label={t('taxKeys.name')} error={nameError}>
        <Input
          {...form.register('name')}
          {...fieldAria('tax-key-name', { error: nameError })}
          maxLength={50}
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="tax-key-type" label={t('taxKeys.type')}>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="tax-key-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TAX_KEY_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {t(`taxKeys.types.${type}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id="tax-key-rate" label={t('taxKeys.rate')} error={rateError}>
          <Controller
            control={form.control}
            name="rate"
            render={({ field }) => (
              <PercentInput
                {...fieldAria('tax-key-rate', { error: rateError })}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimalSeparator={currentLocale() === 'de' ? ',' : '.'}
              />
            )}
          />
        </FormField>
      </div>
      <FormField
        id="tax-key-external"
        label={t('taxKeys.externalCode')}
        error={externalError}
        hint={t('taxKeys.externalCodeHint')}
      >
        <Input
          {...form.register('externalCode', { setValueAs: emptyToNull })}
          {...fieldAria('tax-key-external', { error: externalError, hint: true })}
          maxLength={20}
          autoComplete="off"
        />
      </FormField>
      <FormField id="tax-key-description" label={t('taxKeys.descriptionLabel')} error={descriptionError}>
        <Input
          {...form.register('description', { setValueAs: emptyToNull })}
          {...fieldAria('tax-key-description', { error: descriptionError })}
          maxLength={200}
          autoComplete="off"
        />
      </FormField>
    </EntityFormDialog>
  );
}

/** Create or edit a tax key; system keys open the locked variant. */
export function TaxKeyDialog({ taxKey, onClose }: TaxKeyDialogProps) {
  if (taxKey?.isSystem) return <SystemTaxKeyDialog taxKey={taxKey} onClose={onClose} />;
  return <CustomTaxKeyDialog taxKey={taxKey} onClose={onClose} />;
}
