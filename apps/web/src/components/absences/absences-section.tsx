import { CalendarOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalAbsence } from '@kontor/domain/approvals/absences';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useAbsenceMutations, useAbsences } from '@/lib/absences';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { AbsenceDialog } from './absence-dialog';

/** Which dialog is open: a new absence (any member) or the absence being changed. */
type Editing = { absence: ApprovalAbsence | null } | null;

/**
 * The organisation's current and planned absences with their substitutes, for whoever manages
 * the team (Settings › Approval flows): enter one for any member, change or remove it.
 */
export function AbsencesSection() {
  const { t } = useTranslation('absences');
  const session = useSession();
  const locale = currentLocale();
  const absences = useAbsences();
  const { remove } = useAbsenceMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<ApprovalAbsence | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.userId);
      notifySuccess(t('removed', { name: removing.userName }));
    } catch (error) {
      notifyError(error, t('removeFailed'));
    }
    setRemoving(null);
  };

  let body;
  if (absences.isPending) body = <LoadingState />;
  else if (absences.isError)
    body = (
      <ErrorState
        title={t('list.loadFailed')}
        error={absences.error}
        onRetry={() => void absences.refetch()}
        isRetrying={absences.isFetching}
      />
    );
  else if (absences.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        {t('list.empty')}
      </p>
    );
  else
    body = (
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-sm" aria-label={t('list.title')}>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('list.member')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('list.period')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('list.substitute')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('list.note')}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {absences.data.items.map((absence) => (
              <tr key={absence.userId} className="border-t border-border align-top" data-testid="absence-row">
                <td className="px-3 py-2 font-medium text-foreground">{absence.userName}</td>
                <td className="px-3 py-2 text-muted-foreground">
                  <span className="flex flex-wrap items-center gap-2">
                    {t('period', { from: formatDate(absence.startsOn, locale), until: formatDate(absence.endsOn, locale) })}
                    <Badge tone={absence.isActive ? 'warning' : 'neutral'}>
                      {absence.isActive ? t('list.now') : t('list.planned')}
                    </Badge>
                  </span>
                </td>
                <td className="px-3 py-2 text-muted-foreground">{absence.substituteName}</td>
                <td className="px-3 py-2 break-words text-muted-foreground">{absence.note}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditing({ absence })}
                    aria-label={t('list.edit', { name: absence.userName })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setRemoving(absence)}
                    aria-label={t('list.remove', { name: absence.userName })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="grid gap-2" aria-labelledby="absences-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id="absences-heading" className="text-base font-semibold text-foreground">
            {t('list.title')}
          </h3>
          <p className="max-w-3xl text-sm text-muted-foreground">{t('list.description')}</p>
        </div>
        {absences.data ? (
          <Button variant="outline" onClick={() => setEditing({ absence: null })}>
            <CalendarOff aria-hidden="true" />
            {t('list.add')}
          </Button>
        ) : null}
      </div>
      {body}
      {editing && absences.data ? (
        <AbsenceDialog
          // A fresh form per absence opened.
          key={editing.absence?.userId ?? 'new'}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          data={absences.data}
          userId={editing.absence?.userId ?? null}
          absence={editing.absence}
          isOwn={editing.absence?.userId === session.user.id}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('list.confirmRemove', { name: removing?.userName ?? '' })}
        description={t('list.confirmRemoveBody', { name: removing?.userName ?? '', substitute: removing?.substituteName ?? '' })}
        confirmLabel={t('dialog.remove')}
        cancelLabel={t('dialog.cancel')}
        tone="destructive"
        isPending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </section>
  );
}
