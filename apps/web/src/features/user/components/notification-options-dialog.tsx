import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NotificationOption, NotificationOptionsResponse } from '@kontor/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import {
  NotificationOptionSwitches,
  toggledOptions,
  useNotificationToasts,
} from '@/components/notifications/notification-option-switches';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useNotificationOptions, useSendSampleDigest, useUpdateNotificationOptions } from '../api/notification-options';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The signed-in member's e-mail notifications in the current organisation (SPEC §6), from the
 * user menu. Each switch saves at once and says so; a refusal names its reason.
 */
export function NotificationOptionsDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation(['notifications', 'validation']);
  const { organization } = useSession();
  const query = useNotificationOptions({ enabled: open });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description', { organization: organization.name })}</DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <ErrorState
            title={t('dialog.loadFailed')}
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : !query.data ? (
          <LoadingState label={t('dialog.loading')} className="py-6" />
        ) : query.data.available.length === 0 ? (
          <EmptyState icon={BellOff} headingLevel={3} title={t('dialog.noneTitle')} description={t('dialog.noneDescription')} />
        ) : (
          <OptionSwitches data={query.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OptionSwitches({ data }: { data: NotificationOptionsResponse }) {
  const { t } = useTranslation(['notifications', 'validation']);
  const update = useUpdateNotificationOptions();
  const sample = useSendSampleDigest();
  const toasts = useNotificationToasts();
  const chosen = update.isPending && update.variables ? update.variables : data.options;
  const sendSample = () =>
    sample.mutate(undefined, {
      onSuccess: ({ to }) => notifySuccess(t('dialog.sampleSent', { to })),
      onError: (error) => notifyError(error, t('dialog.sampleFailed')),
    });

  const toggle = (option: NotificationOption, on: boolean) =>
    update.mutate(toggledOptions(chosen, option, on), {
      onSuccess: () => toasts.saved(option, on),
      onError: toasts.failed,
    });

  return (
    <>
      <NotificationOptionSwitches
        available={data.available}
        chosen={chosen}
        disabled={update.isPending}
        onToggle={toggle}
        idPrefix="notification"
      />
      <DialogFooter>
        <p className="mr-auto self-center text-xs text-muted-foreground">{t('dialog.sampleHint')}</p>
        <Button variant="outline" onClick={sendSample} disabled={chosen.length === 0 || sample.isPending || update.isPending}>
          {t('dialog.sample')}
        </Button>
      </DialogFooter>
    </>
  );
}
