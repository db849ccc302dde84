import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReminderTemplate } from '@kontor/domain/receivables/reminders/reminder-template';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { reminderTemplatesQueryOptions } from '@/lib/payment-reminders/reminder-templates';
import { isAdmin, useSession } from '@/lib/session-context';
import { useReminderPreview, useSendReminder } from '../../api/receivable-reminders';
import { useReceivableAction } from './use-receivable-action';

interface SendReminderDialogProps {
  record: ArInvoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Sending a payment reminder by hand: pick a template, read the e-mail as it would go out, send it. */
export function SendReminderDialog({ record, open, onOpenChange }: SendReminderDialogProps) {
  const { t } = useTranslation('receivables');
  const session = useSession();
  const templates = useQuery({ ...reminderTemplatesQueryOptions(), enabled: open });

  let body;
  if (templates.isPending) body = <LoadingState label={t('reminders.templatesLoading')} />;
  else if (templates.isError && !templates.data)
    body = (
      <ErrorState
        title={t('reminders.templatesFailed')}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        isRetrying={templates.isFetching}
      />
    );
  else if (templates.data.items.length === 0)
    body = (
      <EmptyState
        icon={BellRing}
        title={t('reminders.noTemplates')}
        description={t('reminders.noTemplatesHint')}
        headingLevel={3}
        action={
          isAdmin(session) ? (
            <Button asChild variant="outline">
              <Link to={`/${session.organization.slug}/settings/payment-reminders`}>{t('reminders.openSettings')}</Link>
            </Button>
          ) : null
        }
      />
    );
  else body = <SendReminderForm record={record} templates={templates.data.items} onDone={() => onOpenChange(false)} />;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="send-reminder-dialog">
        <DialogHeader>
          <DialogTitle>{t('reminders.sendTitle', { number: record.invoiceNumber })}</DialogTitle>
          <DialogDescription>{t('reminders.sendDescription')}</DialogDescription>
        </DialogHeader>
        {open ? body : null}
      </DialogContent>
    </Dialog>
  );
}

function SendReminderForm({
  record,
  templates,
  onDone,
}: {
  record: ArInvoice;
  templates: readonly ReminderTemplate[];
  onDone: () => void;
}) {
  const { t } = useTranslation('receivables');
  // null: the server's choice (the template whose interval the invoice reached last).
  const [templateId, setTemplateId] = useState<string | null>(null);
  const preview = useReminderPreview(record.id, templateId, true);
  const send = useSendReminder(record.id);
  const run = useReceivableAction(record.id, onDone);
  const shown = preview.data;
  const isCurrent = shown !== undefined && !preview.isPlaceholderData;
  const selected = templateId ?? shown?.templateId ?? '';
  const canSend = isCurrent && shown.skipReason === null && shown.to.length > 0;

  const optionLabel = (template: ReminderTemplate) =>
    t('reminders.templateOption', {
      interval: t('reminders.interval', { count: template.intervalDays }),
      type: t(`reminders.types.${template.type}`),
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    await run(() => send.mutateAsync({ templateId: shown.templateId }), {
      success: (reminder) => t('reminders.sent', { to: reminder.recipients.join(', ') }),
      failure: t('reminders.sendFailed'),
    });
  };

  let previewBody;
  if (preview.isPending) previewBody = <LoadingState label={t('reminders.previewLoading')} />;
  else if (preview.isError && !shown)
    previewBody = (
      <ErrorState
        title={t('reminders.previewFailed')}
        error={preview.error}
        onRetry={() => void preview.refetch()}
        isRetrying={preview.isFetching}
      />
    );
  else if (shown)
    previewBody = (
      <div
        className={cn('grid gap-3', isCurrent ? undefined : 'opacity-60')}
        aria-busy={!isCurrent || undefined}
        data-testid="reminder-preview"
      >
        {shown.skipReason ? (
          <Alert tone="warning" data-testid="reminder-cannot-send">
            <p>{t('reminders.cannotSend', { reason: t(`reminders.skipReasons.${shown.skipReason}`) })}</p>
          </Alert>
        ) : null}
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[6rem_minmax(0,1fr)]">
          <dt className="font-medium text-muted-foreground">{t('reminders.to')}</dt>
          <dd className="break-all" data-testid="reminder-preview-to">
            {shown.to.length > 0 ? shown.to.join(', ') : t('reminders.noRecipients')}
          </dd>
          <dt className="font-medium text-muted-foreground">{t('reminders.subject')}</dt>
          <dd data-testid="reminder-preview-subject">{shown.subject}</dd>
          <dt className="font-medium text-muted-foreground">{t('reminders.text')}</dt>
          <dd>
            <pre
              className="max-h-72 overflow-y-auto rounded-md border border-border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap"
              data-testid="reminder-preview-text"
            >
              {shown.text}
            </pre>
          </dd>
        </dl>
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField id="reminder-template" label={t('reminders.template')}>
        <Select value={selected} onValueChange={setTemplateId} disabled={!shown && preview.isPending}>
          <SelectTrigger id="reminder-template">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {templates.map((template) => (
              <SelectItem key={template.id} value={template.id}>
                {optionLabel(template)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <section aria-label={t('reminders.previewLabel')}>{previewBody}</section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('reminders.cancel')}
        </Button>
        <Button type="submit" disabled={!canSend} isLoading={send.isPending}>
          {t('reminders.sendNow')}
        </Button>
      </DialogFooter>
    </form>
  );
}
