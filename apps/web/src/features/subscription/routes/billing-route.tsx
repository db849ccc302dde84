import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInterval, Plan } from '@kontor/domain/subscription';
import { Alert } from '@/components/ui/alert';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useSession } from '@/lib/session-context';
import { useSubscription } from '../api/get-subscription';
import { LOCAL_CATALOGUE, usePlans } from '../api/list-plans';
import { AdditionalPacksCard } from '../components/additional-packs-card';
import { ChangePlanDialog } from '../components/change-plan-dialog';
import { CurrentPlanCard } from '../components/current-plan-card';
import { PlanCards } from '../components/plan-cards';
import { findPlan, maxPacksFor, type PlanChoice } from '../components/pricing';

/** Settings › Billing (admin): the current plan and usage, the catalogue, and plan or pack changes. */
export function BillingRoute() {
  const { t } = useTranslation('subscription');
  const { organization } = useSession();
  const subscription = useSubscription(organization.id);
  const plans = usePlans();
  const [selectedInterval, setSelectedInterval] = useState<BillingInterval | null>(null);
  const [choice, setChoice] = useState<PlanChoice | null>(null);

  if (subscription.isPending) return <LoadingState />;
  if (subscription.isError) {
    return (
      <ErrorState
        title={t('loadFailed')}
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
        isRetrying={subscription.isFetching}
      />
    );
  }
  const current = subscription.data;
  const catalogue = plans.data ?? LOCAL_CATALOGUE;
  const shownInterval = selectedInterval ?? current.interval;

  const choosePlan = (plan: Plan) => {
    const packs = Math.min(current.additionalPacks, maxPacksFor(findPlan(catalogue, plan)));
    setChoice({ plan, interval: shownInterval, additionalPacks: packs });
  };

  return (
    <div className="grid gap-8">
      <h2 className="sr-only">{t('heading')}</h2>
      <Alert tone="info">
        <p>{t('noPayment')}</p>
      </Alert>
      <CurrentPlanCard subscription={current} />
      <PlanCards
        catalogue={catalogue}
        subscription={current}
        interval={shownInterval}
        onIntervalChange={setSelectedInterval}
        onChoose={choosePlan}
      />
      <AdditionalPacksCard
        key={`${current.plan}-${current.additionalPacks}`}
        catalogue={catalogue}
        subscription={current}
        onChoose={(additionalPacks) => setChoice({ plan: current.plan, interval: current.interval, additionalPacks })}
      />
      <ChangePlanDialog
        catalogue={catalogue}
        subscription={current}
        organizationId={organization.id}
        choice={choice}
        onClose={() => setChoice(null)}
      />
    </div>
  );
}
