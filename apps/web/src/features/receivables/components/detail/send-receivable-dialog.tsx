import { Paperclip } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { arSendBodySchema, type ArSendDraft } from '@kontor/domain/receivables/invoice-documents';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/loading-state';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/session-context';
import { useSendDraft, useSendReceivable } from '../../api/receivable-documents';
import { useReceivableAction } from './use-receivable-action';

type SendErrors = Partial<Record<'to' | 'subject' | 'message', string>>;

const splitAddresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);

interface SendReceivableDialogProps {
  record: ArInvoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Sending the invoice PDF by e-mail: recipients, subject and text prefilled in the customer's language. */
export function SendReceivableDialog({ record, open, onOpenChange }: SendReceivableDialogProps) {
  const { t } = useTranslation('receivables');
  const draft = useSendDraft(record.id, open);
  let body;
  if (draft.isPending) body = <LoadingState label={t('documents.sendLoading')} />;
  else if (draft.isError)
    body = (
      <ErrorState
        title={t('documents.sendLoadFailed')}
        error={draft.error}
        onRetry={() => void draft.refetch()}
        isRetrying={draft.isFetching}
      />
    );
  else body = <SendForm record={record} draft={draft.data} onDone={() => onOpenChange(false)} />;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="send-receivable-dialog">
        <DialogHeader>
          <DialogTitle>{t('documents.sendTitle', { number: record.invoiceNumber })}</DialogTitle>
          <DialogDescription>{t('documents.sendDescription')}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}

function SendForm({ record, draft, onDone }: { record: ArInvoice; draft: ArSendDraft; onDone: () => void }) {
  const { t } = useTranslation(['receivables', 'validation']);
  const slug = useSession().organization.slug;
  const [to, setTo] = useState(draft.to.join(', '));
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<SendErrors>({});
  const send = useSendReceivable(record.id);
  const run = useReceivableAction(record.id, onDone);

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error) || !error.fieldErrors) return;
    const found: SendErrors = {};
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const field = path.split('.')[0] as keyof SendErrors;
      if (field in { to: 1, subject: 1, message: 1 }) found[field] ??= translateFieldMessage(messages[0]);
    }
    setErrors(found);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = arSendBodySchema.safeParse({ to: splitAddresses(to), subject, message });
    if (!parsed.success) {
      const found: SendErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SendErrors;
        found[field] ??= translateFieldMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    await run(() => send.mutateAsync({ ...parsed.data, version: record.version }), {
      success: t('documents.sent', { to: parsed.data.to.join(', ') }),
      failure: t('documents.sendFailed'),
      onError: showServerErrors,
    });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {draft.missingCompanyDetails.length > 0 ? (
        <Alert tone="warning">
          <p>
            {t('documents.companyDetailsMissing', { fields: draft.missingCompanyDetails.join(', ') })}{' '}
            <Link className="underline" to={`/${slug}/settings/general#company-details`}>
              {t('documents.openSettings')}
            </Link>
          </p>
        </Alert>
      ) : null}
      <FormField id="send-to" label={t('documents.to')} hint={t('documents.toHint')} error={errors.to}>
        <Input
          {...fieldAria('send-to', { error: errors.to, hint: true })}
          type="text"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          autoComplete="email"
        />
      </FormField>
      <FormField id="send-subject" label={t('documents.subject')} error={errors.subject}>
        <Input
          {...fieldAria('send-subject', { error: errors.subject })}
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
        />
      </FormField>
      <FormField id="send-message" label={t('documents.message')} error={errors.message}>
        <textarea
          {...fieldAria('send-message', { error: errors.message })}
          className={TEXTAREA_CLASS}
          rows={9}
          maxLength={5000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Paperclip aria-hidden="true" className="size-4" />
        {t('documents.attachment', { fileName: draft.fileName })}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('documents.cancel')}
        </Button>
        <Button type="submit" isLoading={send.isPending}>
          {t('documents.sendNow')}
        </Button>
      </DialogFooter>
    </form>
  );
}
