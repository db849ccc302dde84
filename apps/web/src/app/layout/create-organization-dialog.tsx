import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CreateOrganizationForm } from '@/features/organization/components/create-organization-form';
import { setFlashMessage } from '@/lib/flash';

/** Creates another organisation; the server switches the session to it, so the app reloads into it. */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('createOrganization.title')}</DialogTitle>
          <DialogDescription>{t('createOrganization.description')}</DialogDescription>
        </DialogHeader>
        <CreateOrganizationForm
          submitLabel={t('createOrganization.submit')}
          onCancel={() => onOpenChange(false)}
          onCreated={({ organization }) => {
            setFlashMessage(t('createOrganization.created', { name: organization.name }));
            window.location.assign(`/${organization.slug}/invoices/new`);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
