import { useTranslation } from 'react-i18next';
import { ActivityList } from '@/components/activity-list';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useInvoiceActivity } from '../../api/list-activity';
import { activityDetails, activityVerb, describeActivityChanges } from '../../model/activity-changes';
import { INVOICE_STATUSES, type InvoiceStatus } from '@kontor/domain/invoices/invoice-status';
import { isInvoiceFormField } from '../../model/invoice-form-values';

const KNOWN_ACTIONS = [
  'create',
  'update',
  'delete',
  'cancel',
  'archive',
  'restore',
  'approve',
  'reject',
  'reset',
  'export',
  'postpone',
  'email_import',
  'api_import',
  'merge',
  'comment',
  'attach',
  'detach',
  'reassign',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);
const OTHER_FIELDS = ['status', 'version', 'cancelReason', 'attachments', 'approver'] as const;

/** Who did what when, and which fields changed (SPEC §3 activity log), newest first. */
export function ActivityPanel({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('invoice-detail');
  const activity = useInvoiceActivity(invoiceId);

  const fieldLabel = (field: string) => {
    if (isInvoiceFormField(field)) return t(`fields.${field}`);
    const other = OTHER_FIELDS.find((name) => name === field);
    return other ? t(`fields.${other}`) : field;
  };
  const statusLabel = (status: string) => {
    const known = INVOICE_STATUSES.find((candidate: InvoiceStatus) => candidate === status);
    return known ? t(`status.${known}`) : status;
  };

  if (activity.isPending) return <LoadingState />;
  if (activity.isError)
    return <ErrorState title={t('activity.loadFailed')} error={activity.error} onRetry={() => void activity.refetch()} />;
  if (activity.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>;
  return (
    <ActivityList
      entries={activity.data.items}
      testId="activity-list"
      verbOf={(entry) => activityVerb(entry.action, entry.changes)}
      changesOf={(entry) => describeActivityChanges(entry.changes, statusLabel)}
      detailsOf={(entry) => {
        const details = activityDetails(entry.changes);
        // A cancellation's reason reads "Cancelled: …", a rejection's "Reason: …".
        const reasonKey = entry.action === 'cancel' ? 'states.cancelReason' : 'activity.reason';
        return (
          <>
            {details.reason ? <p className="mt-1 text-xs">{t(reasonKey, { reason: details.reason })}</p> : null}
            {details.note ? <p className="mt-1 text-xs">{t('activity.note', { note: details.note })}</p> : null}
            {details.absentUntil ? (
              <p className="mt-1 text-xs">
                {t('activity.absentUntil', { date: formatDate(details.absentUntil, currentLocale()) })}
              </p>
            ) : null}
            {details.files ? <p className="mt-1 text-xs text-muted-foreground">{details.files.join(', ')}</p> : null}
          </>
        );
      }}
      texts={{
        system: t('activity.system'),
        apiKey: t('activity.apiKey'),
        unknownActor: t('activity.unknownActor'),
        emptyValue: t('activity.empty_value'),
        action: (verb) => (isKnownAction(verb) ? t(`activity.actions.${verb}`) : t('activity.actions.other', { action: verb })),
        change: (values) => t('activity.change', values),
        fieldLabel,
      }}
    />
  );
}
