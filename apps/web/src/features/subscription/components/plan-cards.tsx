import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  BILLING_INTERVALS,
  FEATURES,
  type BillingInterval,
  type Feature,
  type Plan,
  type Subscription,
} from '@kontor/domain/subscription';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { PlanCatalogue } from '../api/list-plans';
import { annualSavingPercent } from './pricing';

function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

export interface PlanCardsProps {
  catalogue: PlanCatalogue;
  subscription: Subscription;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  onChoose: (plan: Plan) => void;
}

/** The catalogue with prices in euro for the chosen billing interval; the current plan is marked. */
export function PlanCards({ catalogue, subscription, interval, onIntervalChange, onChoose }: PlanCardsProps) {
  const { t } = useTranslation('subscription');
  const locale = currentLocale();
  const saving = annualSavingPercent(catalogue);
  const limit = (value: number | null) => (value === null ? t('limits.unlimited') : formatNumber(value, locale));

  return (
    <section aria-labelledby="plans-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="plans-title" className="text-lg font-semibold">
          {t('plansTitle')}
        </h2>
        <RadioGroup
          aria-label={t('interval.label')}
          value={interval}
          onValueChange={(value) => {
            const next = BILLING_INTERVALS.find((candidate) => candidate === value);
            if (next) onIntervalChange(next);
          }}
          className="flex gap-4"
        >
          {BILLING_INTERVALS.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <RadioGroupItem id={`interval-${option}`} value={option} className="mt-0" />
              <Label htmlFor={`interval-${option}`}>
                {t(`interval.${option}`)}
                {option === 'annual' && saving > 0 ? (
                  <span className="ml-1 text-xs text-success">{t('interval.saving', { percent: saving })}</span>
                ) : null}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {catalogue.plans.map((plan) => {
          const isCurrent = plan.plan === subscription.plan && interval === subscription.interval;
          const monthly = plan.monthlyPriceCents[interval];
          return (
            <li key={plan.plan}>
              <Card
                aria-labelledby={`plan-${plan.plan}`}
                className={cn('flex h-full flex-col', isCurrent && 'border-primary ring-1 ring-primary')}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle id={`plan-${plan.plan}`} className="text-lg">
                      {t(`plans.${plan.plan}.name`)}
                    </CardTitle>
                    {isCurrent ? <Badge tone="primary">{t('currentBadge')}</Badge> : null}
                  </div>
                  <p className="text-sm text-muted-foreground">{t(`plans.${plan.plan}.tagline`)}</p>
                  <p className="mt-2">
                    <span className="text-2xl font-semibold">{formatMoney(monthly)}</span>{' '}
                    <span className="text-sm text-muted-foreground">{t('perMonth')}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {interval === 'annual' ? t('billedAnnually', { amount: formatMoney(monthly * 12) }) : t('billedMonthly')}
                  </p>
                </CardHeader>
                <CardContent className="grid flex-1 content-start gap-3 text-sm">
                  <ul className="grid gap-1">
                    <li>{t('limits.users', { value: limit(plan.limits.users) })}</li>
                    <li>{t('limits.invoices', { value: limit(plan.limits.invoicesPerMonth) })}</li>
                    <li>{t('limits.verifications', { value: limit(plan.limits.verificationsPerMonth) })}</li>
                    <li>{t('limits.packs', { value: limit(plan.limits.additionalPacks) })}</li>
                  </ul>
                  <ul className="grid gap-1 border-t border-border pt-3">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        {isFeature(feature) ? t(`features.${feature}`) : feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button
                    className="w-full"
                    variant={isCurrent ? 'outline' : 'primary'}
                    disabled={isCurrent}
                    onClick={() => onChoose(plan.plan)}
                  >
                    {isCurrent ? t('currentPlanButton') : t('choosePlan', { plan: t(`plans.${plan.plan}.name`) })}
                  </Button>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
