import { BellRing, ListPlus, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REMINDER_TEMPLATES, type ReminderTemplate } from '@kontor/domain/receivables/reminders/reminder-template';
import { TableSkeleton } from '@/components/table-skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReminderTemplates } from '@/lib/payment-reminders/reminder-templates';
import { useReminderTemplateMutations } from '../api/reminder-template-mutations';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { ReminderTemplateDialog } from './reminder-template-dialog';
import { ReminderTemplateTable } from './reminder-template-table';

type Editing = { template: ReminderTemplate | null } | null;

/**
 * Settings › Payment reminders (SPEC §2, §5; issue 66): the organisation's reminder templates,
 * one per interval after the due date; an empty list offers the suggested ones.
 */
export function ReminderTemplatesSection() {
  // The dialog's rule messages too: loading them only when it opens would suspend the whole tab.
  const { t } = useTranslation(['payment-reminders', 'validation']);
  const query = useReminderTemplates();
  const { addSuggested } = useReminderTemplateMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ReminderTemplate | null>(null);
  const templates = query.data?.items ?? [];

  const addSuggestedTemplates = async () => {
    try {
      const count = await addSuggested.mutateAsync(DEFAULT_REMINDER_TEMPLATES[currentLocale()]);
      notifySuccess(t('empty.added', { count }));
    } catch (error) {
      notifyError(error, t('empty.addFailed'));
    }
  };

  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton columns={4} rows={3} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title={t('loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (templates.length === 0)
    body = (
      <EmptyState
        icon={BellRing}
        title={t('empty.title')}
        description={t('empty.description')}
        headingLevel={3}
        action={
          <Button onClick={() => void addSuggestedTemplates()} isLoading={addSuggested.isPending}>
            <ListPlus aria-hidden="true" />
            {t('empty.addSuggested')}
          </Button>
        }
      />
    );
  else
    body = <ReminderTemplateTable templates={templates} onEdit={(template) => setEditing({ template })} onDelete={setDeleting} />;

  // After a 409 the list is refetched: the open dialog saves against the newest version.
  const edited = editing?.template ? (templates.find((item) => item.id === editing.template?.id) ?? editing.template) : null;

  return (
    <section className="grid gap-4" aria-labelledby="reminder-templates-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="reminder-templates-heading" className="text-lg font-semibold text-foreground">
            {t('title')}
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <Button onClick={() => setEditing({ template: null })}>
          <Plus aria-hidden="true" />
          {t('actions.create')}
        </Button>
      </div>
      {body}
      {editing ? <ReminderTemplateDialog template={edited} existing={templates} onClose={() => setEditing(null)} /> : null}
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
