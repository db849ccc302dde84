import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { setFlashMessage } from '@/lib/flash';

// The form (react-hook-form and the zod schemas) loads when the dialog opens, not with the shell.
const CreateOrganizationForm = lazy(() =>
  import('@/features/organization/components/create-organization-form').then((module) => ({
    default: module.CreateOrganizationForm,
  })),
);

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
        <Suspense fallback={<LoadingState className="py-6" />}>
          <CreateOrganizationForm
            submitLabel={t('createOrganization.submit')}
            onCancel={() => onOpenChange(false)}
            onCreated={({ organization }) => {
              setFlashMessage(t('createOrganization.created', { name: organization.name }));
              window.location.assign(`/${organization.slug}/invoices/new`);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
