import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@kontor/domain/subscription';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { PlanCatalogue } from '../api/list-plans';
import { findPlan, maxPacksFor } from './pricing';

/** Extra invoices and verifications per month on top of the current plan. */
export function AdditionalPacksCard({
  catalogue,
  subscription,
  onChoose,
}: {
  catalogue: PlanCatalogue;
  subscription: Subscription;
  onChoose: (packs: number) => void;
}) {
  const { t } = useTranslation('subscription');
  const id = useId();
  const locale = currentLocale();
  const max = maxPacksFor(findPlan(catalogue, subscription.plan));
  const [packs, setPacks] = useState(String(subscription.additionalPacks));
  const parsed = Number(packs);
  const isValid = packs.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= max;
  const error = isValid ? undefined : t('packs.invalid', { max });
  const fieldId = `${id}-packs`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('packs.title')}</CardTitle>
        <CardDescription>
          {t('packs.description', {
            invoices: formatNumber(catalogue.pack.invoicesPerMonth, locale),
            verifications: formatNumber(catalogue.pack.verificationsPerMonth, locale),
            price: formatMoney(catalogue.pack.monthlyPriceCents),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {max === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('packs.notAvailable', { plan: t(`plans.${subscription.plan}.name`) })}
          </p>
        ) : (
          <FormField id={fieldId} label={t('packs.label')} hint={t('packs.hint', { max })} error={error} className="max-w-xs">
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              value={packs}
              onChange={(event) => setPacks(event.target.value)}
              {...fieldAria(fieldId, { error, hint: true })}
            />
          </FormField>
        )}
      </CardContent>
      {max === 0 ? null : (
        <CardFooter>
          <Button disabled={!isValid || parsed === subscription.additionalPacks} onClick={() => onChoose(parsed)}>
            {t('packs.update')}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
