import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { currentLocale } from '@/lib/i18n';
import { useInvoiceActivity, type ActivityEntry } from '../../api/list-activity';
import { activityDetails, activityVerb, describeActivityChanges } from '../../model/activity-changes';
import { formatDateTime } from '../../model/format-date-time';
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
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);
const OTHER_FIELDS = ['status', 'version', 'cancelReason', 'attachments'] as const;

/** Who did what when, and which fields changed (SPEC §3 activity log), newest first. */
export function ActivityPanel({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('invoice-detail');
  const activity = useInvoiceActivity(invoiceId);

  const actor = (entry: ActivityEntry) => {
    if (entry.actorType === 'system') return t('activity.system');
    if (entry.actorType === 'api_key') return entry.actorName ?? t('activity.apiKey');
    return entry.actorName ?? t('activity.unknownActor');
  };
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
    <ol className="grid gap-3" data-testid="activity-list">
      {activity.data.items.map((entry) => {
        const changes = describeActivityChanges(entry.changes, statusLabel);
        const verb = activityVerb(entry.action, entry.changes);
        const details = activityDetails(entry.changes);
        return (
          <li key={entry.id} className="rounded-md border border-border p-3 text-sm">
            <p>
              <span className="font-medium">{actor(entry)}</span>{' '}
              {isKnownAction(verb) ? t(`activity.actions.${verb}`) : t('activity.actions.other', { action: verb })}
              <span className="text-muted-foreground"> · {formatDateTime(entry.createdAt, currentLocale())}</span>
            </p>
            {details.reason ? <p className="mt-1 text-xs">{t('states.cancelReason', { reason: details.reason })}</p> : null}
            {details.files ? <p className="mt-1 text-xs text-muted-foreground">{details.files.join(', ')}</p> : null}
            {changes.length > 0 ? (
              <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
                {changes.map((change) => (
                  <li key={change.field}>
                    {change.hasValues
                      ? t('activity.change', {
                          field: fieldLabel(change.field),
                          from: change.from ?? t('activity.empty_value'),
                          to: change.to ?? t('activity.empty_value'),
                        })
                      : fieldLabel(change.field)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
