import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_NAME_MAX, updateOrganizationBodySchema, type Organization } from '@kontor/domain/organization';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { zodErrorOptions } from '@/lib/form-errors';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

const schema = updateOrganizationBodySchema.pick({ name: true }).required();

export function CompanyNameForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const values = useMemo(() => ({ name: organization.name }), [organization.name]);
  const form = useForm({
    resolver: zodResolver(schema, zodErrorOptions),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit(async (changes) => {
    if (await save(changes)) form.reset(changes);
  });

  return (
    <SettingsSection
      id="company"
      title={t('general.company.title')}
      description={t('general.company.description')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
    >
      <FormField id="organization-name" label={t('general.company.nameLabel')} error={error}>
        <Input
          {...form.register('name')}
          {...fieldAria('organization-name', { error })}
          autoComplete="organization"
          maxLength={ORGANIZATION_NAME_MAX}
        />
      </FormField>
    </SettingsSection>
  );
}
