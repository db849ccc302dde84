import { useTranslation } from 'react-i18next';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { ActivityList } from '@/components/activity-list';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { formatPercentInput } from '@/lib/decimal-input';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useReceivableActivity } from '../../api/list-receivable-activity';
import {
  cancelReasonOf,
  createdTotalOf,
  describeReceivableChanges,
  RECEIVABLE_ACTIVITY_VERBS,
  receivableActivityVerb,
  sentToOf,
  type ActivityValueFormat,
  type ReceivableActivityVerb,
} from '../../model/receivable-activity';
import { RECEIVABLE_FORM_FIELDS } from '../../model/receivable-form';

/** The fields the log names: the form's, the computed amounts and what a status change touches. */
const LOGGED_FIELDS = [
  ...RECEIVABLE_FORM_FIELDS,
  'status',
  'paidAmount',
  'paidOn',
  'invoiceNumber',
  'netAmount',
  'taxAmount',
  'totalAmount',
] as const;
type LoggedField = (typeof LOGGED_FIELDS)[number];
const isLoggedField = (field: string): field is LoggedField => (LOGGED_FIELDS as readonly string[]).includes(field);

const isVerb = (value: string): value is ReceivableActivityVerb =>
  (RECEIVABLE_ACTIVITY_VERBS as readonly string[]).includes(value);

/** Who created, edited, issued, paid, canceled or restored the invoice, and what changed (SPEC §3 activity log). */
export function ReceivableActivityPanel({ record }: { record: ArInvoice }) {
  const { t } = useTranslation('receivables');
  const activity = useReceivableActivity(record.id);
  const locale = currentLocale();
  const format: ActivityValueFormat = {
    money: (minor) => formatMoney(minor, record.currency),
    date: (iso) => formatDate(iso, locale),
    status: (status) => t(`status.${status}`),
    percent: (basisPoints) => `${formatPercentInput(basisPoints)} %`,
  };

  let body;
  if (activity.isPending) body = <LoadingState label={t('activity.loading')} />;
  else if (activity.isError)
    body = (
      <ErrorState
        title={t('activity.loadFailed')}
        error={activity.error}
        onRetry={() => void activity.refetch()}
        isRetrying={activity.isFetching}
      />
    );
  else if (activity.data.length === 0) body = <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>;
  else
    body = (
      <ActivityList
        entries={activity.data}
        testId="receivable-activity"
        verbOf={(entry) => receivableActivityVerb(entry)}
        changesOf={(entry) =>
          entry.action === 'update' || entry.action === 'cancel' ? describeReceivableChanges(entry.changes, format) : []
        }
        detailsOf={(entry) => {
          const reason = cancelReasonOf(entry);
          const total = createdTotalOf(entry);
          const sentTo = sentToOf(entry);
          if (sentTo) return <p className="mt-1 text-xs text-muted-foreground">{t('activity.sentTo', { to: sentTo })}</p>;
          if (reason) return <p className="mt-1 text-xs text-muted-foreground">{t('activity.reason', { reason })}</p>;
          if (total !== null)
            return (
              <p className="mt-1 text-xs text-muted-foreground">{t('activity.createdTotal', { total: format.money(total) })}</p>
            );
          return null;
        }}
        texts={{
          system: t('activity.system'),
          apiKey: t('activity.apiKey'),
          unknownActor: t('activity.unknownActor'),
          emptyValue: t('activity.emptyValue'),
          action: (verb, entry) =>
            isVerb(verb) && verb !== 'other' ? t(`activity.verbs.${verb}`) : t('activity.verbs.other', { action: entry.action }),
          change: (values) => t('activity.change', values),
          fieldLabel: (field) => (isLoggedField(field) ? t(`fields.${field}`) : field),
        }}
      />
    );

  return (
    <section aria-labelledby="receivable-activity-title" className="grid gap-3 rounded-lg border border-border bg-surface p-4">
      <h2 id="receivable-activity-title" className="text-base font-semibold text-foreground">
        {t('activity.title')}
      </h2>
      {body}
    </section>
  );
}
