import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard as Guard } from '@/components/unsaved-changes-guard';

/** Typed values are never dropped silently: leaving the invoice with unsaved changes asks first. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const { t } = useTranslation('invoice-detail');
  return (
    <Guard
      isDirty={isDirty}
      texts={{ title: t('leave.title'), description: t('leave.description'), stay: t('leave.stay'), leave: t('leave.leave') }}
    />
  );
}
