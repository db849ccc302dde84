import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateOrganizationBodySchema, type Organization } from '@kontor/domain/organization';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { zodErrorOptions } from '@/lib/form-errors';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

const schema = updateOrganizationBodySchema
  .pick({ accountsPayableNumbering: true, accountsReceivableNumbering: true })
  .required();
type NumberingValues = z.infer<typeof schema>;
type NumberingKey = keyof NumberingValues;

/** Automatic accounts payable (e.g. 30005) and receivable (e.g. 10001) numbers for counterparties. */
export function NumberingForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const values = useMemo<NumberingValues>(
    () => ({
      accountsPayableNumbering: organization.accountsPayableNumbering,
      accountsReceivableNumbering: organization.accountsReceivableNumbering,
    }),
    [organization.accountsPayableNumbering, organization.accountsReceivableNumbering],
  );
  const form = useForm<NumberingValues>({
    resolver: zodResolver(schema, zodErrorOptions),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(async (changes) => {
    if (await save(changes)) form.reset(changes);
  });

  return (
    <SettingsSection
      id="numbering"
      title={t('general.numbering.title')}
      description={t('general.numbering.description')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <NumberingFields
          name="accountsPayableNumbering"
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          example="30005"
        />
        <NumberingFields
          name="accountsReceivableNumbering"
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          example="10001"
        />
      </div>
    </SettingsSection>
  );
}

interface NumberingFieldsProps {
  name: NumberingKey;
  control: Control<NumberingValues>;
  register: UseFormRegister<NumberingValues>;
  errors: FieldErrors<NumberingValues>;
  example: string;
}

function NumberingFields({ name, control, register, errors, example }: NumberingFieldsProps) {
  const { t } = useTranslation('organization');
  const kind = name === 'accountsPayableNumbering' ? 'payable' : 'receivable';
  const switchId = `${name}-enabled`;
  const startId = `${name}-start`;
  const error = errors[name]?.startNumber?.message;
  const isEnabled = useWatch({ control, name: `${name}.enabled` });

  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t(`general.numbering.${kind}.title`)}</legend>
      <Controller
        control={control}
        name={`${name}.enabled`}
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id={switchId} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            <Label htmlFor={switchId}>{t(`general.numbering.${kind}.enable`)}</Label>
          </div>
        )}
      />
      <FormField
        id={startId}
        label={t(`general.numbering.${kind}.startLabel`)}
        hint={t('general.numbering.startHint', { example })}
        error={error}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          disabled={!isEnabled}
          {...register(`${name}.startNumber`, { valueAsNumber: true })}
          {...fieldAria(startId, { error, hint: true })}
        />
      </FormField>
    </fieldset>
  );
}
