import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@kontor/domain/organization';
import {
  companyDetailsSchema,
  missingCompanyDetails,
  type CompanyDetails,
  type CompanyDetailsField,
} from '@kontor/domain/receivables/invoice-documents';
import { CountryCodeField } from '@/components/country-code-select';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { translateErrorTree, zodErrorOptions } from '@/lib/form-errors';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

const schemaResolver = zodResolver(companyDetailsSchema, zodErrorOptions);

/** Rows of the form: [field, max length, input type, autocomplete]. */
const TEXT_FIELDS: [CompanyDetailsField, number, string, string][] = [
  ['legalName', 200, 'text', 'organization'],
  ['street', 200, 'text', 'street-address'],
  ['postalCode', 20, 'text', 'postal-code'],
  ['city', 100, 'text', 'address-level2'],
  ['vatId', 20, 'text', 'off'],
  ['taxNumber', 30, 'text', 'off'],
  ['email', 320, 'email', 'email'],
  ['phone', 40, 'tel', 'tel'],
  ['contactName', 100, 'text', 'name'],
  ['website', 200, 'url', 'url'],
  ['registration', 200, 'text', 'off'],
  ['managingDirectors', 200, 'text', 'off'],
];

const nullWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * The company as the issuer of outgoing invoices (issue 65): printed on every invoice PDF and
 * written into ZUGFeRD and XRechnung. Validated with the server's schema; what an invoice
 * document still needs is named above the fields.
 */
export function CompanyDetailsForm({ organization }: { organization: Organization }) {
  // The validation namespace too: the resolver translates rule codes (invalid_phone) with it.
  const { t } = useTranslation(['organization', 'validation']);
  const { save, isSaving } = useSaveOrganization(organization);
  const form = useForm<CompanyDetails>({
    defaultValues: organization.companyDetails,
    resolver: async (values, context, options) => {
      const result = await schemaResolver(values, context, options);
      translateErrorTree(result.errors as FieldErrors<CompanyDetails>);
      return result as Awaited<ReturnType<typeof schemaResolver>> & { values: CompanyDetails };
    },
  });
  const { errors, isDirty } = form.formState;
  const missing = missingCompanyDetails(organization.companyDetails, 'xrechnung');
  const onSubmit = form.handleSubmit(async (values) => {
    if (await save({ companyDetails: values })) form.reset(values);
  });
  const idOf = (field: CompanyDetailsField) => `company-${field}`;

  return (
    <SettingsSection
      id="company-details"
      title={t('general.companyDetails.title')}
      description={t('general.companyDetails.description')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      {missing.length > 0 ? (
        <Alert tone="warning" data-testid="company-details-missing">
          <p>
            {t('general.companyDetails.missing', {
              fields: missing.map((field) => t(`general.companyDetails.fields.${field}`)).join(', '),
            })}
          </p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([field, maxLength, type, autoComplete]) => {
          const error = errors[field]?.message;
          const hint = field === 'legalName' ? t('general.companyDetails.legalNameHint', { name: organization.name }) : undefined;
          return (
            <FormField key={field} id={idOf(field)} label={t(`general.companyDetails.fields.${field}`)} hint={hint} error={error}>
              <Input
                {...form.register(field, { setValueAs: nullWhenEmpty })}
                {...fieldAria(idOf(field), { error, hint: Boolean(hint) })}
                type={type}
                maxLength={maxLength}
                autoComplete={autoComplete}
              />
            </FormField>
          );
        })}
        <CountryCodeField
          id={idOf('countryCode')}
          label={t('general.companyDetails.fields.countryCode')}
          control={form.control}
          name="countryCode"
          error={errors.countryCode?.message}
          texts={{
            none: t('general.companyDetails.country.none'),
            eu: t('general.companyDetails.country.eu'),
            others: t('general.companyDetails.country.others'),
          }}
        />
      </div>
    </SettingsSection>
  );
}
