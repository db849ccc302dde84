import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentReminder } from '@kontor/domain/receivables/reminders/payment-reminder';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { dueReminderTemplate } from '@kontor/domain/receivables/reminders/payment-reminder';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useReminderTemplates } from '@/lib/payment-reminders/reminder-templates';
import { useReceivableReminders } from '../../api/receivable-reminders';
import { canSendReminder, largestSentInterval, reminderStatusLine } from '../../model/reminder-status';
import { SendReminderDialog } from './send-reminder-dialog';

/**
 * The payment reminders of an issued invoice (issue 66): when each went out, with which template,
 * automatically or by whom, to whom, and what became of its e-mail; and sending one by hand.
 */
export function ReceivableRemindersPanel({
  record,
  today,
  hasUnsavedChanges,
}: {
  record: ArInvoice;
  today: string;
  hasUnsavedChanges: boolean;
}) {
  const { t } = useTranslation('receivables');
  const reminders = useReceivableReminders(record.id);
  const templates = useReminderTemplates();
  // A manual template the invoice has reached is a person's to send (automatic ones go by themselves).
  const dueManual =
    canSendReminder(record) && reminders.data && templates.data
      ? dueReminderTemplate(templates.data.items, ['manual'], record.dueDate, today, largestSentInterval(reminders.data))
      : null;
  const [isSending, setSending] = useState(false);

  let body;
  if (reminders.isPending) body = <LoadingState label={t('reminders.loading')} />;
  else if (reminders.isError && !reminders.data)
    body = (
      <ErrorState
        title={t('reminders.loadFailed')}
        error={reminders.error}
        onRetry={() => void reminders.refetch()}
        isRetrying={reminders.isFetching}
      />
    );
  else if (reminders.data.length === 0) body = <p className="text-sm text-muted-foreground">{t('reminders.empty')}</p>;
  else
    body = (
      <ul className="grid gap-3" aria-labelledby="receivable-reminders-title" data-testid="receivable-reminders">
        {reminders.data.map((reminder) => (
          <ReminderItem key={reminder.id} reminder={reminder} />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="receivable-reminders-title" className="grid gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="receivable-reminders-title" className="text-base font-semibold text-foreground">
          {t('reminders.title')}
        </h2>
        {canSendReminder(record) ? (
          <Button variant="outline" size="sm" disabled={hasUnsavedChanges} onClick={() => setSending(true)}>
            <BellRing aria-hidden="true" />
            {t('reminders.send')}
          </Button>
        ) : null}
      </div>
      {dueManual ? (
        <Alert tone="warning" data-testid="manual-reminder-due">
          <p>{t('reminders.manualDue', { count: dueManual.intervalDays })}</p>
        </Alert>
      ) : null}
      {body}
      <SendReminderDialog record={record} open={isSending} onOpenChange={setSending} />
    </section>
  );
}

function ReminderItem({ reminder }: { reminder: PaymentReminder }) {
  const { t } = useTranslation('receivables');
  const locale = currentLocale();
  const line = reminderStatusLine(reminder);
  let status: string;
  if (line.kind === 'skipped')
    status = t('reminders.skipped', { reason: t(`reminders.skipReasons.${line.reason ?? 'unknown'}`) });
  else if (line.kind === 'event')
    status = t('reminders.eventAt', { event: t(`reminders.events.${line.event}`), at: formatDateTime(line.at, locale) });
  else status = t(`reminders.status.${line.status}`);
  let origin: string;
  if (reminder.origin === 'automatic') origin = t('reminders.automatic');
  else origin = reminder.sentBy ? t('reminders.sentBy', { name: reminder.sentBy.name }) : t('reminders.sentByUnknown');

  return (
    <li className="grid gap-1 border-b border-border pb-3 text-sm last:border-b-0 last:pb-0" data-testid="receivable-reminder">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <span className="font-medium text-foreground">
          {reminder.intervalDays !== null ? t('reminders.interval', { count: reminder.intervalDays }) : t('reminders.noTemplate')}
        </span>
        <time className="text-xs text-muted-foreground" dateTime={reminder.createdAt}>
          {formatDateTime(reminder.createdAt, locale)}
        </time>
      </div>
      <p className="text-xs text-muted-foreground">{origin}</p>
      {reminder.recipients.length > 0 ? (
        <p className="text-xs break-all text-muted-foreground">
          {t('reminders.recipients', { to: reminder.recipients.join(', ') })}
        </p>
      ) : null}
      <div>
        <Badge tone={line.tone} className="whitespace-normal" data-testid="reminder-status">
          {status}
        </Badge>
      </div>
    </li>
  );
}
