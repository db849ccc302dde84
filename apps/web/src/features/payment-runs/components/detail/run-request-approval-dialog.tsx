import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isAdmin, useSession } from '@/lib/session-context';
import { usePaymentRunFlows } from '../../api/payment-run-queries';

interface RunRequestApprovalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** flowId undefined lets the server choose the matching (or default) payment-run flow. */
  onConfirm: (flowId: string | undefined) => Promise<boolean>;
  isPending: boolean;
}

const AUTOMATIC = 'automatic';

/**
 * Requesting approval. Admins see the payment-run flows and may pick one when there are several
 * (or learn that none exists, with the way to create one); others leave the choice to the server.
 */
export function RunRequestApprovalDialog({ open, onOpenChange, onConfirm, isPending }: RunRequestApprovalDialogProps) {
  const { t } = useTranslation('payment-runs');
  const session = useSession();
  const admin = isAdmin(session);
  const flows = usePaymentRunFlows(open && admin);
  const [picked, setPicked] = useState<string>(AUTOMATIC);
  const items = flows.data?.items ?? [];
  const hasNoFlow = admin && flows.isSuccess && items.length === 0;

  const close = (isOpen: boolean) => {
    if (!isOpen) setPicked(AUTOMATIC);
    onOpenChange(isOpen);
  };
  const submit = async () => {
    if (await onConfirm(picked === AUTOMATIC ? undefined : picked)) setPicked(AUTOMATIC);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="run-request-approval-dialog">
        <DialogHeader>
          <DialogTitle>{t('actions.requestTitle')}</DialogTitle>
          <DialogDescription>{t('actions.requestDescription')}</DialogDescription>
        </DialogHeader>
        {admin && flows.isPending ? <LoadingState label={t('actions.flowsLoading')} className="py-4" /> : null}
        {hasNoFlow ? (
          <Alert tone="warning" data-testid="run-no-flow">
            <div className="grid gap-1">
              <p>{t('actions.noFlow')}</p>
              <Link to={`/${session.organization.slug}/settings/approval-flows`} className="font-medium underline">
                {t('actions.createFlow')}
              </Link>
            </div>
          </Alert>
        ) : null}
        {items.length > 1 ? (
          <FormField id="run-approval-flow" label={t('actions.pickFlow')} hint={t('actions.pickFlowHint')}>
            <Select value={picked} onValueChange={setPicked}>
              <SelectTrigger id="run-approval-flow" aria-describedby="run-approval-flow-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={AUTOMATIC}>{t('actions.flowAutomatic')}</SelectItem>
                {items.map((flow) => (
                  <SelectItem key={flow.id} value={flow.id}>
                    {flow.name}
                    {flow.isDefault ? ` · ${t('actions.defaultFlow')}` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('actions.keep')}
          </Button>
          <Button onClick={() => void submit()} isLoading={isPending} disabled={hasNoFlow}>
            {t('actions.confirmRequest')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
