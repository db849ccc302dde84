import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { BulkApproveResponse } from '@kontor/domain/approvals/approval-views';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { BulkApproveInterrupted, useBulkApproveInvoices } from '../api/bulk-approve-invoices';
import { describeRefusals } from './bulk-selection';

/**
 * A refusal in the toast: the overview's short sentence where it has one (the server's messages
 * are written for a single invoice's page: "reload to see…"), else the server's message, which
 * carries the details (which required fields are missing).
 */
function approveRefusal({ code, message }: { code: string; message: string }): string {
  const ownKey = `invoices:bulkApprove.reasons.${code}`;
  return i18n.exists(ownKey) ? i18n.t(ownKey as 'invoices:bulkApprove.reasons.stale_version') : message;
}

interface BulkApproveActionProps {
  selected: InvoiceListItem[];
  items: InvoiceListItem[];
  /** The selection's total as the bar shows it ("" without amounts). */
  total: string;
  onDone: () => void;
}

/**
 * Approves the selected invoices of "my approvals" after a confirmation that names their number
 * and total. Each is approved at the version the list showed, as on its own page: one changed in
 * the meantime, missing a field required for approval or no longer waiting for the caller is
 * refused on its own and named in the toast with the reason.
 */
export function BulkApproveAction({ selected, items, total, onDone }: BulkApproveActionProps) {
  const { t } = useTranslation('invoices');
  const [isConfirming, setIsConfirming] = useState(false);
  const [done, setDone] = useState(0);
  const approve = useBulkApproveInvoices(setDone);
  const count = selected.length;

  const report = (answer: BulkApproveResponse) => {
    const furtherSteps = answer.decided.filter((decision) => decision.outcome !== 'approved').length;
    const waiting = furtherSteps > 0 ? t('bulkApprove.furtherSteps', { count: furtherSteps }) : undefined;
    if (answer.failed.length === 0) {
      toast.success(t('bulkApprove.success', { count: answer.decided.length }), { description: waiting });
      return;
    }
    const refusals = answer.failed.map((refusal) => ({ id: refusal.id, reason: approveRefusal(refusal) }));
    toast.warning(t('bulkApprove.partial', { approved: answer.decided.length, failed: answer.failed.length }), {
      description: <span className="whitespace-pre-line">{describeRefusals(refusals, items)}</span>,
      duration: 15_000,
    });
  };

  const run = () => {
    setDone(0);
    approve.mutate(
      selected.map((item) => ({ id: item.id, version: item.version })),
      {
        onSuccess: (answer) => {
          setIsConfirming(false);
          onDone();
          report(answer);
        },
        onError: (error) => {
          setIsConfirming(false);
          const decided = error instanceof BulkApproveInterrupted ? error.done.decided.length : 0;
          notifyError(
            error instanceof BulkApproveInterrupted ? error.cause : error,
            t('bulkApprove.interrupted', { approved: decided, count }),
          );
        },
      },
    );
  };

  const progressLabel = t('bulkApprove.progress', { done, count });
  return (
    <>
      <Button size="sm" onClick={() => setIsConfirming(true)}>
        <CheckCheck aria-hidden="true" />
        {t('bulkApprove.action')}
      </Button>
      <Dialog open={isConfirming} onOpenChange={(open) => (approve.isPending ? undefined : setIsConfirming(open))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('bulkApprove.confirmTitle', { count })}</DialogTitle>
            <DialogDescription>{t('bulkApprove.confirmDescription')}</DialogDescription>
          </DialogHeader>
          {total ? (
            <p className="text-sm">
              {t('bulkApprove.total')} <span className="font-semibold tabular-nums">{total}</span>
            </p>
          ) : null}
          {approve.isPending ? (
            <div className="grid gap-2">
              <p className="text-sm" aria-live="polite">
                {progressLabel}
              </p>
              <Progress value={done} max={count} label={progressLabel} kind="completion" />
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsConfirming(false)} disabled={approve.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={run} isLoading={approve.isPending}>
              {t('bulkApprove.confirm', { count })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
