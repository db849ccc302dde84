import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@kontor/domain/organization';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

/**
 * The four-eyes principle (issue 59): who uploaded an invoice or requested its approval, or
 * created a payment run, cannot give its final approval. Switching it off weakens a control that
 * auditors look for, so it asks first; the change is in the activity log either way.
 */
export function FourEyesForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const [isOn, setOn] = useState(organization.fourEyesApproval);
  const [isConfirming, setConfirming] = useState(false);
  const isDirty = isOn !== organization.fourEyesApproval;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isOn) void save({ fourEyesApproval: true });
    else setConfirming(true);
  };

  return (
    <>
      <SettingsSection
        id="four-eyes"
        title={t('general.fourEyes.title')}
        description={t('general.fourEyes.description')}
        onSubmit={onSubmit}
        isSaving={isSaving && !isConfirming}
        isDirty={isDirty}
      >
        <div className="flex items-start gap-3">
          <Switch id="four-eyes-enabled" checked={isOn} onCheckedChange={setOn} aria-describedby="four-eyes-hint" />
          <div className="grid gap-0.5">
            <Label htmlFor="four-eyes-enabled">{t('general.fourEyes.enable')}</Label>
            <p id="four-eyes-hint" className="max-w-xl text-xs text-muted-foreground">
              {t('general.fourEyes.hint')}
            </p>
          </div>
        </div>
      </SettingsSection>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={t('general.fourEyes.confirmTitle')}
        description={t('general.fourEyes.confirmDescription')}
        confirmLabel={t('general.fourEyes.confirm')}
        cancelLabel={t('general.fourEyes.keep')}
        tone="destructive"
        isPending={isSaving}
        onConfirm={() =>
          void save({ fourEyesApproval: false }).then((isSaved) => {
            if (isSaved) setConfirming(false);
          })
        }
      />
    </>
  );
}
