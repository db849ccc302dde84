import { useTranslation } from 'react-i18next';
import type { Subscription } from '@kontor/domain/subscription';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePlan } from '../api/change-plan';
import type { PlanCatalogue } from '../api/list-plans';
import { billedAmountCents, monthlyTotalCents, type PlanChoice } from './pricing';

export interface ChangePlanDialogProps {
  catalogue: PlanCatalogue;
  subscription: Subscription;
  organizationId: string;
  choice: PlanChoice | null;
  onClose: () => void;
}

/** Confirms a plan, interval or pack change with its price before anything is saved. */
export function ChangePlanDialog({ catalogue, subscription, organizationId, choice, onClose }: ChangePlanDialogProps) {
  const { t } = useTranslation('subscription');
  const changePlan = useChangePlan(organizationId);
  const locale = currentLocale();

  const confirm = () => {
    if (!choice) return;
    changePlan.mutate(
      { ...choice, version: subscription.version },
      {
        onSuccess: () => {
          notifySuccess(t('change.success', { plan: t(`plans.${choice.plan}.name`) }));
          onClose();
        },
        onError: (error) => {
          notifyError(error, t('change.failed'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={choice !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {choice ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('change.title')}</DialogTitle>
            <DialogDescription>{t('change.description')}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('change.plan')}</dt>
            <dd className="font-medium">{t(`plans.${choice.plan}.name`)}</dd>
            <dt className="text-muted-foreground">{t('current.interval')}</dt>
            <dd className="font-medium">{t(`interval.${choice.interval}`)}</dd>
            <dt className="text-muted-foreground">{t('current.additionalPacks')}</dt>
            <dd className="font-medium">{formatNumber(choice.additionalPacks, locale)}</dd>
            <dt className="text-muted-foreground">{t('change.monthly')}</dt>
            <dd className="font-medium">{formatMoney(monthlyTotalCents(catalogue, choice))}</dd>
            <dt className="text-muted-foreground">{t('change.billed')}</dt>
            <dd className="font-medium">
              {t(choice.interval === 'annual' ? 'change.billedAnnually' : 'change.billedMonthly', {
                amount: formatMoney(billedAmountCents(catalogue, choice)),
              })}
            </dd>
          </dl>
          <Alert tone="info">
            <p>{t('noPayment')}</p>
          </Alert>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={changePlan.isPending}>
              {t('change.cancel')}
            </Button>
            <Button onClick={confirm} isLoading={changePlan.isPending}>
              {t('change.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
