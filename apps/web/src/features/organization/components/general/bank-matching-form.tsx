import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_MATCH_TOLERANCE_MAX, bankMatchToleranceSchema, type Organization } from '@kontor/domain/organization';
import { DecimalInput } from '@/components/ui/decimal-input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatMoneyInput, MONEY_INPUT } from '@/lib/decimal-input';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

/**
 * Bank matching (issue 62): whether exact proposals are applied without a person after a sync or
 * a statement upload, and the difference (bank fees, rounding) that still counts as the amount fitting.
 */
export function BankMatchingForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const [isAutoMatch, setAutoMatch] = useState(organization.bankAutoMatch);
  // Minor units; null while empty, NaN while the text cannot be read (DecimalInput).
  const [tolerance, setTolerance] = useState<number | null>(organization.bankMatchTolerance);
  const [error, setError] = useState<string | undefined>();
  const isDirty = isAutoMatch !== organization.bankAutoMatch || tolerance !== organization.bankMatchTolerance;
  // In the currency of the line and invoice compared, whichever it is: no currency sign.
  const max = formatMoneyInput(BANK_MATCH_TOLERANCE_MAX);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = bankMatchToleranceSchema.safeParse(tolerance ?? 0);
    if (!parsed.success) {
      setError(t('general.bankMatching.toleranceInvalid', { max }));
      return;
    }
    setError(undefined);
    if (await save({ bankAutoMatch: isAutoMatch, bankMatchTolerance: parsed.data })) setTolerance(parsed.data);
  };

  return (
    <SettingsSection
      id="bank-matching"
      title={t('general.bankMatching.title')}
      description={t('general.bankMatching.description')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className="flex items-start gap-3">
        <Switch
          id="bank-auto-match"
          checked={isAutoMatch}
          onCheckedChange={setAutoMatch}
          aria-describedby="bank-auto-match-hint"
        />
        <div className="grid gap-0.5">
          <Label htmlFor="bank-auto-match">{t('general.bankMatching.autoMatch')}</Label>
          <p id="bank-auto-match-hint" className="max-w-xl text-xs text-muted-foreground">
            {t('general.bankMatching.autoMatchHint')}
          </p>
        </div>
      </div>
      <FormField
        id="bank-match-tolerance"
        label={t('general.bankMatching.toleranceLabel')}
        hint={t('general.bankMatching.toleranceHint', { max })}
        error={error}
        className="max-w-xs"
      >
        <DecimalInput
          {...fieldAria('bank-match-tolerance', { error, hint: true })}
          kind={MONEY_INPUT}
          value={tolerance}
          onValueChange={(next) => {
            setTolerance(next);
            setError(undefined);
          }}
          className="text-right tabular-nums"
        />
      </FormField>
    </SettingsSection>
  );
}
