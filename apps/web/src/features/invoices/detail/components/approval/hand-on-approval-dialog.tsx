import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReassignApprovalBody } from '@kontor/domain/approvals/approval-views';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { MemberSelect } from '@/components/member-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { useAbsences } from '@/lib/absences';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useApproverCandidates } from '../../api/get-approver-candidates';

const NOTE_MAX = 500;

interface HandOnApprovalDialogProps {
  invoice: Invoice;
  /** The open approvals the viewer may hand on (approvalAbilities().handOn). */
  from: { approverId: string; approverName: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when it was handed on (the dialog then closes). */
  onConfirm: (body: ReassignApprovalBody, newApproverName: string) => Promise<boolean>;
  isPending: boolean;
}

/**
 * Hands an open approval of the current step to another member, for an approver who is away or
 * cannot judge the invoice: whose approval (an invoice manager may pick anyone's), to whom (any
 * member not yet approving this step) and an optional note, which the history keeps.
 */
export function HandOnApprovalDialog({ invoice, from, open, onOpenChange, onConfirm, isPending }: HandOnApprovalDialogProps) {
  const { t } = useTranslation('invoice-detail');
  const candidates = useApproverCandidates(invoice.id, { enabled: open });
  const [fromId, setFromId] = useState<string | null>(null);
  const [toId, setToId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const chosenFrom = fromId ?? from[0]?.approverId ?? null;
  const step = invoice.approval ? invoice.approval.steps[invoice.approval.currentStep] : undefined;
  const inStep = new Set(step?.items.map((item) => item.approverId) ?? []);
  const choices = (candidates.data?.items ?? []).filter((member) => !inStep.has(member.id));
  // Members away today are named as such: an approval handed to them would wait until they return.
  const absences = useAbsences({ enabled: open });
  const awayUntil = new Map(
    (absences.data?.items ?? []).filter((absence) => absence.isActive).map((absence) => [absence.userId, absence.endsOn]),
  );
  const choiceLabel = (member: { id: string; name: string }) => {
    const until = awayUntil.get(member.id);
    return until ? t('approval.handOn.away', { name: member.name, date: formatDate(until, currentLocale()) }) : member.name;
  };

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      setFromId(null);
      setToId(null);
      setNote('');
    }
    onOpenChange(isOpen);
  };
  const submit = async () => {
    const target = choices.find((member) => member.id === toId);
    if (!chosenFrom || !target) return;
    const body = {
      version: invoice.version,
      fromApproverId: chosenFrom,
      toApproverId: target.id,
      note: note.trim() || undefined,
    };
    if (await onConfirm(body, target.name)) close(false);
  };

  let body;
  if (candidates.isPending) body = <LoadingState label={t('approval.handOn.loading')} className="py-6" />;
  else if (candidates.isError)
    body = (
      <ErrorState
        title={t('approval.handOn.loadFailed')}
        error={candidates.error}
        onRetry={() => void candidates.refetch()}
        isRetrying={candidates.isFetching}
      />
    );
  else if (choices.length === 0) body = <p className="text-sm text-muted-foreground">{t('approval.handOn.nobody')}</p>;
  else
    body = (
      <div className="grid gap-4">
        {from.length > 1 ? (
          <MemberSelect
            id="hand-on-from"
            label={t('approval.handOn.from')}
            members={from.map((item) => ({ id: item.approverId, name: item.approverName }))}
            value={chosenFrom}
            onValueChange={setFromId}
            placeholder={t('form.select')}
          />
        ) : null}
        <MemberSelect
          id="hand-on-to"
          label={t('approval.handOn.to')}
          members={choices.map((member) => ({ id: member.id, name: choiceLabel(member) }))}
          value={toId}
          onValueChange={setToId}
          placeholder={t('form.select')}
        />
        <FormField id="hand-on-note" label={t('approval.handOn.note')} hint={t('approval.handOn.noteHint')}>
          <textarea
            id="hand-on-note"
            aria-describedby="hand-on-note-hint"
            className={TEXTAREA_CLASS}
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </div>
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('approval.handOn.title')}</DialogTitle>
          <DialogDescription>
            {from.length === 1 && from[0]
              ? t('approval.handOn.descriptionOf', { name: from[0].approverName })
              : t('approval.handOn.description')}
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('approval.keep')}
          </Button>
          <Button
            onClick={() => void submit()}
            isLoading={isPending}
            disabled={!chosenFrom || !choices.some((member) => member.id === toId)}
          >
            {t('approval.handOn.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
