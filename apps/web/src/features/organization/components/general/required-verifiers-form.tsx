import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_CUSTOM_REQUIRED_VERIFIERS,
  requiredVerifiersPolicySchema,
  type RequiredVerifiersPolicy,
} from '@kontor/domain/counterparties/verification';
import type { Organization } from '@kontor/domain/organization';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

type Mode = 'one' | 'all' | 'custom';
const MODES: readonly Mode[] = ['one', 'all', 'custom'];

const modeOf = (policy: RequiredVerifiersPolicy): Mode => (typeof policy === 'string' ? policy : 'custom');
const sameAs = (a: RequiredVerifiersPolicy, b: RequiredVerifiersPolicy) => JSON.stringify(a) === JSON.stringify(b);

/**
 * SPEC §4: one verifier, all of them, or a custom number must approve an executive verification.
 * The custom number is checked with the server's schema (a whole number from 1 to the maximum).
 */
export function RequiredVerifiersForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('counterparty-executive');
  const { save, isSaving } = useSaveOrganization(organization);
  const saved = organization.requiredVerifiers;
  const [mode, setMode] = useState<Mode>(modeOf(saved));
  const [custom, setCustom] = useState(typeof saved === 'object' ? String(saved.custom) : '2');
  const [error, setError] = useState<string | undefined>();

  const policy: RequiredVerifiersPolicy = mode === 'custom' ? { custom: Number(custom) } : mode;
  const isDirty = !sameAs(policy, saved);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = requiredVerifiersPolicySchema.safeParse(policy);
    if (!parsed.success || (mode === 'custom' && !/^\d+$/.test(custom.trim()))) {
      setError(t('settings.customInvalid', { max: MAX_CUSTOM_REQUIRED_VERIFIERS }));
      return;
    }
    setError(undefined);
    await save({ requiredVerifiers: parsed.data });
  };

  return (
    <SettingsSection
      id="required-verifiers"
      title={t('settings.title')}
      description={t('settings.description')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <RadioGroup
        aria-label={t('settings.title')}
        value={mode}
        onValueChange={(value) => {
          const next = MODES.find((candidate) => candidate === value);
          if (next) setMode(next);
          setError(undefined);
        }}
      >
        {MODES.map((option) => (
          <div key={option} className="flex items-center gap-3">
            <RadioGroupItem id={`required-verifiers-${option}`} value={option} />
            <Label htmlFor={`required-verifiers-${option}`}>{t(`settings.options.${option}`)}</Label>
          </div>
        ))}
      </RadioGroup>
      {mode === 'custom' ? (
        <FormField
          id="required-verifiers-custom"
          label={t('settings.customLabel')}
          hint={t('settings.customHint', { max: MAX_CUSTOM_REQUIRED_VERIFIERS })}
          error={error}
          className="max-w-xs pl-7"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CUSTOM_REQUIRED_VERIFIERS}
            step={1}
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              setError(undefined);
            }}
            {...fieldAria('required-verifiers-custom', { error, hint: true })}
          />
        </FormField>
      ) : null}
    </SettingsSection>
  );
}
