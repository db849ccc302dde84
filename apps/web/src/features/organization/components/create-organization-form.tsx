import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createOrganizationBodySchema, ORGANIZATION_NAME_MAX, type CreateOrganizationBody } from '@kontor/domain/organization';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { zodErrorOptions } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useCreateOrganization, type CreateOrganizationResponse } from '../api/create-organization';

export interface CreateOrganizationFormProps {
  submitLabel: string;
  onCreated: (result: CreateOrganizationResponse) => void;
  onCancel?: () => void;
}

/** The company name, validated with the server's schema; used by sign-up and by "create organisation". */
export function CreateOrganizationForm({ submitLabel, onCreated, onCancel }: CreateOrganizationFormProps) {
  const { t } = useTranslation(['organization', 'common']);
  const id = useId();
  const createOrganization = useCreateOrganization();
  const form = useForm<CreateOrganizationBody>({
    resolver: zodResolver(createOrganizationBodySchema, zodErrorOptions),
    defaultValues: { name: '' },
  });
  const nameError = form.formState.errors.name?.message;

  const submit = form.handleSubmit((values) =>
    createOrganization
      .mutateAsync(values)
      .then(onCreated, (error: unknown) => notifyError(error, t('organization:create.failed'))),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField
        id={`${id}-name`}
        label={t('organization:create.nameLabel')}
        hint={t('organization:create.nameHint')}
        error={nameError}
      >
        <Input
          {...form.register('name')}
          {...fieldAria(`${id}-name`, { error: nameError, hint: true })}
          autoComplete="organization"
          maxLength={ORGANIZATION_NAME_MAX}
          autoFocus
        />
      </FormField>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        ) : null}
        <Button type="submit" isLoading={createOrganization.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
