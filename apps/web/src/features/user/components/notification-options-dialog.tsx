import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NotificationOption, NotificationOptionsResponse } from '@kontor/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { LoadingState } from '@/components/ui/loading-state';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { notifyError, notifyErrorText, notifySuccess } from '@/lib/notify';
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
  const chosen = update.isPending && update.variables ? update.variables : data.options;
  const sendSample = () =>
    sample.mutate(undefined, {
      onSuccess: ({ to }) => notifySuccess(t('dialog.sampleSent', { to })),
      onError: (error) => notifyError(error, t('dialog.sampleFailed')),
    });

  const toggle = (option: NotificationOption, on: boolean) => {
    const next = on ? [...chosen, option] : chosen.filter((item) => item !== option);
    update.mutate(next, {
      onSuccess: () =>
        notifySuccess(t(on ? 'dialog.switchedOn' : 'dialog.switchedOff', { option: t(`options.${option}.label`) })),
      onError: (error) => {
        const reason = isApiError(error) ? translateFieldMessage(error.fieldErrors?.options?.[0]) : undefined;
        if (reason) notifyErrorText(reason, t('dialog.saveFailed'));
        else notifyError(error, t('dialog.saveFailed'));
      },
    });
  };

  return (
    <>
      <ul className="grid gap-4" aria-label={t('dialog.listLabel')}>
        {data.available.map((option) => (
          <li key={option} className="flex items-start gap-3">
            <Switch
              id={`notification-${option}`}
              checked={chosen.includes(option)}
              disabled={update.isPending}
              onCheckedChange={(on) => toggle(option, on)}
            />
            <div className="grid gap-1">
              <Label htmlFor={`notification-${option}`}>{t(`options.${option}.label`)}</Label>
              <p className="text-xs text-muted-foreground">{t(`options.${option}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <p className="mr-auto self-center text-xs text-muted-foreground">{t('dialog.sampleHint')}</p>
        <Button variant="outline" onClick={sendSample} disabled={chosen.length === 0 || sample.isPending || update.isPending}>
          {t('dialog.sample')}
        </Button>
      </DialogFooter>
    </>
  );
}
