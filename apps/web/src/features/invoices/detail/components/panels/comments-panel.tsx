import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCommentBodySchema } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { formatDateTime } from '@/lib/format';
import { useCreateInvoiceComment } from '../../api/create-comment';
import { useInvoiceComments } from '../../api/list-comments';
import { translateFieldMessage } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentLocale } from '@/lib/i18n';

/** The comment thread of an invoice, oldest first, and a box to add one. */
export function CommentsPanel({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('invoice-detail');
  const comments = useInvoiceComments(invoiceId);
  const create = useCreateInvoiceComment(invoiceId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = async () => {
    const parsed = createCommentBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(translateFieldMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync(parsed.data.body);
      setBody('');
      notifySuccess(t('comments.sent'));
    } catch (sendError) {
      notifyError(sendError, t('comments.sendFailed'));
    }
  };

  return (
    <div className="grid gap-4">
      {comments.isPending ? <LoadingState /> : null}
      {comments.isError ? (
        <ErrorState title={t('comments.loadFailed')} error={comments.error} onRetry={() => void comments.refetch()} />
      ) : null}
      {comments.data?.items.length === 0 ? <p className="text-sm text-muted-foreground">{t('comments.empty')}</p> : null}
      <ol className="grid gap-3" data-testid="comment-list">
        {comments.data?.items.map((comment) => (
          <li key={comment.id} className="rounded-md border border-border p-3">
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{comment.authorName}</span> ·{' '}
              {formatDateTime(comment.createdAt, currentLocale())}
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap">{comment.body}</p>
          </li>
        ))}
      </ol>
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <FormField id="invoice-comment" label={t('comments.label')} error={error}>
          <textarea
            {...fieldAria('invoice-comment', { error })}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            placeholder={t('comments.placeholder')}
            maxLength={5000}
            className="min-h-20 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-[invalid=true]:border-danger"
          />
        </FormField>
        <div>
          <Button type="submit" isLoading={create.isPending}>
            {t('comments.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
