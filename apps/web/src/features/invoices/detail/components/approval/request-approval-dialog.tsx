import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalCondition } from '@kontor/domain/approvals/approval-flow';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { describeCondition } from '@/lib/approval-flow-summary';
import { useCostCenterLabel } from '@/lib/master-data/cost-centers';
import { useApprovalFlowSummaryTexts } from '@/lib/use-approval-flow-summary-texts';
import { useMatchingFlow } from '../../api/get-matching-flow';
import { MissingFieldsAlert } from '../missing-fields-alert';

interface RequestApprovalDialogProps {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** flowId undefined lets the server choose the matching flow. */
  onConfirm: (flowId: string | undefined) => Promise<boolean>;
  isPending: boolean;
}

/**
 * Shows which flow applies to the invoice now and why (its conditions, or the default because
 * none matched; or "Flow not found"), lets the user pick another by hand, and lists the fields
 * still required before approval may be requested. A flow whose conditions this invoice does not
 * meet is used only after a confirmation that names them.
 */
export function RequestApprovalDialog({ invoice, open, onOpenChange, onConfirm, isPending }: RequestApprovalDialogProps) {
  const { t } = useTranslation('invoice-detail');
  const matching = useMatchingFlow(invoice.id, { enabled: open });
  // null: take the matching flow; an id: picked by hand.
  const [picked, setPicked] = useState<string | null>(null);
  const missing = invoice.missingRequiredFields.request_approval;
  const matchingId = matching.data?.matching?.id ?? null;
  const chosenId = picked ?? matchingId;
  const chosen = matching.data?.flows.find((flow) => flow.id === chosenId) ?? null;
  const unmet = chosen && chosen.id !== matchingId ? chosen.unmetConditions : [];
  const [isConfirmingUnmet, setIsConfirmingUnmet] = useState(false);

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      setPicked(null);
      setIsConfirmingUnmet(false);
    }
    onOpenChange(isOpen);
  };
  const submit = async () => {
    if (unmet.length > 0 && !isConfirmingUnmet) {
      setIsConfirmingUnmet(true);
      return;
    }
    if (await onConfirm(picked && picked !== matchingId ? picked : undefined)) {
      setPicked(null);
      setIsConfirmingUnmet(false);
    }
  };

  let body;
  if (matching.isPending) body = <LoadingState label={t('approval.flowLoading')} className="py-6" />;
  else if (matching.isError)
    body = (
      <ErrorState
        title={t('approval.flowLoadFailed')}
        error={matching.error}
        onRetry={() => void matching.refetch()}
        isRetrying={matching.isFetching}
      />
    );
  else
    body = (
      <div className="grid gap-4">
        <div className="grid gap-1 text-sm" data-testid="matching-flow">
          <span className="text-muted-foreground">{t('approval.matchingFlow')}</span>
          {matching.data.matching ? (
            <>
              <span className="font-medium text-foreground">{matching.data.matching.name}</span>
              {matching.data.matching.reason === 'default' ? (
                <Alert tone="info" data-testid="default-flow-notice">
                  <p>{t('approval.noConditionMatched', { name: matching.data.matching.name })}</p>
                </Alert>
              ) : null}
            </>
          ) : (
            <Alert tone="warning">
              <p className="font-medium">{t('approval.flowNotFound')}</p>
              <p>{t('approval.flowNotFoundHint')}</p>
            </Alert>
          )}
        </div>
        {matching.data.flows.length > 0 ? (
          <FormField id="request-approval-flow" label={t('approval.pickFlow')} hint={t('approval.pickFlowHint')}>
            <Select
              value={chosenId ?? undefined}
              onValueChange={(id) => {
                setPicked(id);
                setIsConfirmingUnmet(false);
              }}
            >
              <SelectTrigger id="request-approval-flow" aria-describedby="request-approval-flow-hint">
                <SelectValue placeholder={t('form.select')} />
              </SelectTrigger>
              <SelectContent>
                {matching.data.flows.map((flow) => (
                  <SelectItem key={flow.id} value={flow.id}>
                    {t('approval.flowOption', { name: flow.name, count: flow.stepCount })}
                    {flow.isDefault ? ` · ${t('approval.defaultFlow')}` : ''}
                    {flow.unmetConditions.length > 0 ? ` · ${t('approval.conditionsNotMet')}` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        ) : null}
        {chosen && unmet.length > 0 ? (
          <UnmetConditions flowName={chosen.name} conditions={unmet} isConfirming={isConfirmingUnmet} />
        ) : null}
      </div>
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('approval.requestTitle')}</DialogTitle>
          <DialogDescription>{t('approval.requestDescription')}</DialogDescription>
        </DialogHeader>
        {body}
        <MissingFieldsAlert fields={missing} before="request" tone="danger" testId="request-missing-fields" />
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('approval.keep')}
          </Button>
          <Button
            onClick={() => void submit()}
            isLoading={isPending}
            disabled={!matching.isSuccess || chosenId === null || missing.length > 0}
          >
            {isConfirmingUnmet ? t('approval.confirmRequestAnyway') : t('approval.confirmRequest')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The conditions of the picked flow this invoice does not meet, worded as the flow list words
 * them ("Amount above 5.000,00 €"). Its own component: the flow texts' namespace loads only when
 * such a flow is picked.
 */
function UnmetConditions({
  flowName,
  conditions,
  isConfirming,
}: {
  flowName: string;
  conditions: readonly ApprovalCondition[];
  isConfirming: boolean;
}) {
  const { t } = useTranslation('invoice-detail');
  const texts = useApprovalFlowSummaryTexts();
  const costCenterLabel = useCostCenterLabel(t('approval.unknownCostCenter'));
  return (
    <Alert tone={isConfirming ? 'warning' : 'info'} data-testid="unmet-conditions">
      <p className="font-medium">{t('approval.unmetTitle', { name: flowName })}</p>
      <ul className="mt-1 list-disc pl-5">
        {conditions.map((condition, index) => (
          <li key={index}>{describeCondition(condition, texts, costCenterLabel)}</li>
        ))}
      </ul>
      {isConfirming ? <p className="mt-1">{t('approval.unmetConfirm')}</p> : null}
    </Alert>
  );
}
