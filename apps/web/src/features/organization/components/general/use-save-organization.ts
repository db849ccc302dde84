import { useTranslation } from 'react-i18next';
import type { Organization, UpdateOrganizationBody } from '@kontor/domain/organization';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateOrganization } from '../../api/update-organization';

/**
 * Saves part of the organisation with the version the screen shows; a 409 (someone saved
 * first) is toasted and the query cache refetches the latest version (see query-client).
 */
export function useSaveOrganization(organization: Organization) {
  const { t } = useTranslation('organization');
  const update = useUpdateOrganization();
  const save = async (changes: Omit<UpdateOrganizationBody, 'version'>): Promise<boolean> => {
    try {
      await update.mutateAsync({ ...changes, version: organization.version });
      notifySuccess(t('general.saved'));
      return true;
    } catch (error) {
      notifyError(error, t('general.saveFailed'));
      return false;
    }
  };
  return { save, isSaving: update.isPending };
}
