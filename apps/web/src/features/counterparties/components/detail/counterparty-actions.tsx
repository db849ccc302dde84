import { Pencil, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { counterpartyBlockersSchema, type Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCounterpartyMutations } from '../../api/counterparty-mutations';

type Dialog = 'delete' | 'trust' | null;

interface CounterpartyActionsProps {
  counterparty: Counterparty;
  basePath: string;
  canManage: boolean;
  canTrust: boolean;
}

/** Edit, trust and delete, each shown only to whom the server would allow it. */
export function CounterpartyActions({ counterparty, basePath, canManage, canTrust }: CounterpartyActionsProps) {
  const { t } = useTranslation('counterparties');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { remove, trust } = useCounterpartyMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [blockers, setBlockers] = useState<{ invoices: number; transactions: number } | null>(null);
  const name = counterparty.name;

  /** Someone else changed it: load the latest version so the next try carries the right version. */
  const onStale = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.byId(counterparty.id) });
    toast.error(t('stale.actionStale'));
  };

  const confirmTrust = async () => {
    const isTrusted = !counterparty.isTrusted;
    try {
      const saved = await trust.mutateAsync({ id: counterparty.id, version: counterparty.version, isTrusted });
      notifySuccess(t(isTrusted ? 'trust.trusted' : 'trust.untrusted', { name: saved.name }));
      setDialog(null);
    } catch (error) {
      setDialog(null);
      if (hasErrorCode(error, 'stale_version')) onStale();
      else notifyError(error, t('trust.failed'));
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: counterparty.id, version: counterparty.version });
      notifySuccess(t('delete.deleted', { name }));
      setDialog(null);
      void navigate(basePath, { replace: true });
    } catch (error) {
      if (hasErrorCode(error, 'counterparty_in_use') && isApiError(error)) {
        // SPEC §5/§8: the blockers are listed, in the dialog and in the toast.
        const parsed = counterpartyBlockersSchema.safeParse(error.params);
        setBlockers(parsed.success ? parsed.data : { invoices: 0, transactions: 0 });
        notifyError(error, t('delete.blockedTitle', { name }));
        return;
      }
      setDialog(null);
      if (hasErrorCode(error, 'stale_version')) onStale();
      else notifyError(error, t('delete.failed'));
    }
  };

  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialog(null);
    setBlockers(null);
  };

  return (
    <>
      {canManage ? (
        <Button asChild variant="outline">
          <Link to={`${basePath}/${counterparty.id}/edit`}>
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </Link>
        </Button>
      ) : null}
      {canTrust ? (
        <Button variant="outline" onClick={() => setDialog('trust')}>
          {counterparty.isTrusted ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          {counterparty.isTrusted ? t('actions.untrust') : t('actions.trust')}
        </Button>
      ) : null}
      {canManage ? (
        <Button variant="outline" className="text-danger" onClick={() => setDialog('delete')}>
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={dialog === 'trust'}
        onOpenChange={closeDialog}
        title={counterparty.isTrusted ? t('trust.untrustTitle', { name }) : t('trust.trustTitle', { name })}
        description={counterparty.isTrusted ? t('trust.untrustDescription') : t('trust.trustDescription')}
        confirmLabel={counterparty.isTrusted ? t('actions.untrust') : t('actions.trust')}
        cancelLabel={t('form.cancel')}
        onConfirm={() => void confirmTrust()}
        isPending={trust.isPending}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={closeDialog}
        title={blockers ? t('delete.blockedTitle', { name }) : t('delete.title', { name })}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        onConfirm={() => void confirmDelete()}
        isPending={remove.isPending}
        tone="destructive"
      >
        {blockers ? (
          <Alert tone="danger" data-testid="counterparty-delete-blockers">
            <p>{t('delete.blockers', blockers)}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
