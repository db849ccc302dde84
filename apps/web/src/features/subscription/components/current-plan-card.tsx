import { useTranslation } from 'react-i18next';
import type { Subscription } from '@kontor/domain/subscription';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';

const STATUS_TONE = { trialing: 'info', active: 'success', past_due: 'warning', canceled: 'danger' } as const;

/** The organisation's plan, its state and how much of each monthly limit is used. */
export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscription');
  const locale = currentLocale();
  const usage = [
    { key: 'users', used: subscription.usage.users, limit: subscription.limits.users },
    { key: 'invoices', used: subscription.usage.invoicesThisMonth, limit: subscription.limits.invoicesPerMonth },
    { key: 'verifications', used: subscription.usage.verificationsThisMonth, limit: subscription.limits.verificationsPerMonth },
  ] as const;

  return (
    <Card aria-labelledby="current-plan-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="current-plan-title">{t('current.title', { plan: t(`plans.${subscription.plan}.name`) })}</CardTitle>
          <Badge tone={STATUS_TONE[subscription.status]}>{t(`status.${subscription.status}`)}</Badge>
        </div>
        <CardDescription>
          {t('current.price', {
            price: formatMoney(subscription.monthlyPriceCents),
            interval: t(`interval.${subscription.interval}`),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('current.interval')}</dt>
            <dd className="font-medium">{t(`interval.${subscription.interval}`)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('current.period')}</dt>
            <dd className="font-medium">
              {t('current.periodRange', {
                start: formatDate(subscription.currentPeriodStart, locale),
                end: formatDate(subscription.currentPeriodEnd, locale),
              })}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('current.additionalPacks')}</dt>
            <dd className="font-medium">{formatNumber(subscription.additionalPacks, locale)}</dd>
          </div>
          {subscription.trialEndsAt ? (
            <div>
              <dt className="text-muted-foreground">{t('current.trialEnds')}</dt>
              <dd className="font-medium">{formatDate(subscription.trialEndsAt, locale)}</dd>
            </div>
          ) : null}
        </dl>
        <section aria-labelledby="usage-title" className="grid gap-4">
          <h3 id="usage-title" className="text-sm font-semibold">
            {t('usage.title')}
          </h3>
          {usage.map(({ key, used, limit }) => {
            const label = t(`usage.${key}`);
            const amount =
              limit === null
                ? t('usage.ofUnlimited', { used: formatNumber(used, locale) })
                : t('usage.of', { used: formatNumber(used, locale), limit: formatNumber(limit, locale) });
            return (
              <div key={key} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span>{label}</span>
                  <span className="text-muted-foreground">{amount}</span>
                </div>
                <Progress value={used} max={limit} label={`${label}: ${amount}`} />
              </div>
            );
          })}
        </section>
      </CardContent>
    </Card>
  );
}
