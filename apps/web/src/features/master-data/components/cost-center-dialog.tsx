import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { costCenterInputSchema, type CostCenter } from '@kontor/domain/master-data';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { useCostCenterMutations } from '@/lib/master-data/cost-centers';
import { EntityFormDialog } from './entity-form-dialog';
import { useEntitySave } from './use-entity-save';

interface CostCenterDialogProps {
  /** null creates a new one. */
  costCenter: CostCenter | null;
  onClose: () => void;
}

/** Create or edit a cost centre: code, name and type (KOST1 or KOST2). */
export function CostCenterDialog({ costCenter, onClose }: CostCenterDialogProps) {
  const { t } = useTranslation(['master-data', 'validation']);
  const { create, update } = useCostCenterMutations();
  const form = useForm({
    resolver: zodResolver(costCenterInputSchema, zodErrorOptions),
    defaultValues: { code: costCenter?.code ?? '', name: costCenter?.name ?? '', type: costCenter?.type ?? 1 },
  });
  const save = useEntitySave({
    setError: form.setError,
    fields: ['code', 'name', 'type'],
    codeFields: { master_data_code_exists: 'code' },
    successMessage: t('costCenters.saved'),
    onSaved: onClose,
  });
  const errors = form.formState.errors;
  const codeError = translateFieldMessage(errors.code?.message);
  const nameError = translateFieldMessage(errors.name?.message);

  const onSubmit = form.handleSubmit((input) =>
    save(() =>
      costCenter ? update.mutateAsync({ id: costCenter.id, version: costCenter.version, input }) : create.mutateAsync(input),
    ),
  );

  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={costCenter ? t('costCenters.editTitle') : t('costCenters.createTitle')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={form.formState.isSubmitting}
    >
      <FormField id="cost-center-type" label={t('costCenters.type')}>
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select value={String(field.value)} onValueChange={(value) => field.onChange(value === '2' ? 2 : 1)}>
              <SelectTrigger id="cost-center-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="1">{t('costCenters.types.1')}</SelectItem>
                <SelectItem value="2">{t('costCenters.types.2')}</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField id="cost-center-code" label={t('costCenters.code')} error={codeError}>
        <Input
          {...form.register('code')}
          {...fieldAria('cost-center-code', { error: codeError })}
          maxLength={20}
          autoComplete="off"
        />
      </FormField>
      <FormField id="cost-center-name" label={t('costCenters.name')} error={nameError}>
        <Input
          {...form.register('name')}
          {...fieldAria('cost-center-name', { error: nameError })}
          maxLength={100}
          autoComplete="off"
        />
      </FormField>
    </EntityFormDialog>
  );
}
