import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  REQUIRABLE_INVOICE_FIELDS,
  REQUIREMENT_LEVELS,
  updateRequiredFieldsBodySchema,
  type Organization,
} from '@kontor/domain/organization';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { zodErrorOptions } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateRequiredFields } from '../../api/update-required-fields';
import { SettingsSection } from './settings-section';

const schema = updateRequiredFieldsBodySchema.pick({ requiredFields: true });
type RequiredFieldValues = z.infer<typeof schema>;

/** SPEC §5: per invoice field, when it becomes mandatory (never, to request approval, to first or last approval). */
export function RequiredFieldsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const update = useUpdateRequiredFields(organization.id);
  const values = useMemo<RequiredFieldValues>(
    () => ({ requiredFields: organization.requiredFields }),
    [organization.requiredFields],
  );
  const form = useForm<RequiredFieldValues>({
    resolver: zodResolver(schema, zodErrorOptions),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(async (changes) => {
    try {
      await update.mutateAsync({ ...changes, version: organization.version });
      notifySuccess(t('general.saved'));
      form.reset(changes);
    } catch (error) {
      notifyError(error, t('general.saveFailed'));
    }
  });

  return (
    <SettingsSection
      id="required-fields"
      title={t('general.requiredFields.title')}
      description={t('general.requiredFields.description')}
      onSubmit={onSubmit}
      isSaving={update.isPending}
      isDirty={form.formState.isDirty}
    >
      <ul className="divide-y divide-border rounded-md border border-border">
        {REQUIRABLE_INVOICE_FIELDS.map((field) => {
          const id = `required-${field}`;
          return (
            <li key={field} className="grid items-center gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
              <Label htmlFor={id}>{t(`general.requiredFields.fields.${field}`)}</Label>
              <Controller
                control={form.control}
                name={`requiredFields.${field}`}
                render={({ field: control }) => (
                  <Select value={control.value} onValueChange={control.onChange}>
                    <SelectTrigger id={id} onBlur={control.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {REQUIREMENT_LEVELS.map((level) => (
                        <SelectItem key={level} value={level}>
                          {t(`general.requiredFields.levels.${level}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
