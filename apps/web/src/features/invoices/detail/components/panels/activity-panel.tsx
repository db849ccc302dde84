import { useTranslation } from 'react-i18next';
import { APPROVAL_REQUEST_STATUSES } from '@kontor/domain/approvals/approval-engine';
import { INVOICE_STATUSES } from '@kontor/domain/invoices/invoice-status';
import { ActivityList } from '@/components/activity-list';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useInvoiceActivity } from '../../api/list-activity';
import {
  activityDetails,
  activityVerb,
  activityVerbValues,
  describeActivityEntryChanges,
  type PaymentAccountChoiceDetail,
} from '../../model/activity-changes';
import { isInvoiceFormField } from '../../model/invoice-form-values';
import type { SelectOption } from '../form/form-controls';
import { useMasterDataOptions } from '../form/use-master-data-options';

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
  'export_left_out',
  'postpone',
  'email_import',
  'api_import',
  'merge',
  'comment',
  'attach',
  'detach',
  'reassign',
  'request_approval',
  'approve_step',
  'reject_step',
  'reset_edit',
  'reset_cancel',
  'reset_archive',
  'match',
  'unmatch',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);
const OTHER_FIELDS = ['status', 'version', 'cancelReason', 'attachments', 'approver'] as const;

/** Known values are translated; anything newer the server writes is shown as it is rather than hidden. */
const findKnown = <T extends string>(known: readonly T[], value: string): T | undefined =>
  known.find((candidate) => candidate === value);

/**
 * Who did what when, and which fields changed (SPEC §3 activity log), newest first. Amounts the
 * entries name (a bank line's match) are in the invoice's `currency`.
 */
export function ActivityPanel({ invoiceId, currency }: { invoiceId: string; currency?: string | null }) {
  const { t } = useTranslation('invoice-detail');
  const { t: tCommon } = useTranslation('common');
  const activity = useInvoiceActivity(invoiceId);

  const fieldLabel = (field: string) => {
    if (isInvoiceFormField(field)) return t(`fields.${field}`);
    if (field === 'approvalStatus') return t('activity.approvalStatus');
    const other = OTHER_FIELDS.find((name) => name === field);
    return other ? t(`fields.${other}`) : field;
  };
  const { options } = useMasterDataOptions();
  const optionsOfField: Readonly<Record<string, readonly SelectOption[]>> = {
    costCenter: options.costCenters1,
    costCenter2: options.costCenters2,
    ledgerAccount: options.ledgerAccounts,
    taxKeyId: options.taxKeys,
    debitorBankAccountId: options.bankAccounts,
  };
  const valueLabels = {
    referenceName: (field: string, id: string) => optionsOfField[field]?.find((option) => option.value === id)?.label ?? null,
    invoiceStatus: (status: string) => {
      const known = findKnown(INVOICE_STATUSES, status);
      return known ? t(`status.${known}`) : status;
    },
    requestStatus: (status: string) => {
      const known = findKnown(APPROVAL_REQUEST_STATUSES, status);
      return known ? tCommon(`approval.statuses.${known}`) : status;
    },
  };

  const paymentAccountChoiceText = ({ source, role }: PaymentAccountChoiceDetail) => {
    if (source === 'counterparty') return t('activity.paymentAccountChoice.counterparty');
    return role
      ? t('activity.paymentAccountChoice.document', { role: t(`activity.paymentAccountChoice.roles.${role}`) })
      : t('activity.paymentAccountChoice.documentWithoutRole');
  };

  if (activity.isPending) return <LoadingState />;
  if (activity.isError)
    return <ErrorState title={t('activity.loadFailed')} error={activity.error} onRetry={() => void activity.refetch()} />;
  if (activity.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>;
  return (
    <ActivityList
      entries={activity.data.items}
      testId="activity-list"
      verbOf={activityVerb}
      changesOf={(entry) => describeActivityEntryChanges(entry, valueLabels)}
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
            {details.paymentAccountChoice ? (
              <p className="mt-1 text-xs" data-testid="activity-payment-account-choice">
                {paymentAccountChoiceText(details.paymentAccountChoice)}
              </p>
            ) : null}
          </>
        );
      }}
      texts={{
        system: t('activity.system'),
        apiKey: t('activity.apiKey'),
        unknownActor: t('activity.unknownActor'),
        emptyValue: t('activity.empty_value'),
        action: (verb, entry) =>
          isKnownAction(verb)
            ? t(`activity.actions.${verb}`, activityVerbValues(entry, currency ?? undefined))
            : t('activity.actions.other', { action: verb }),
        change: (values) => t('activity.change', values),
        fieldLabel,
      }}
    />
  );
}
