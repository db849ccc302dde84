import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { todayIso } from '@kontor/domain/dates';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { BackLink, RecordQueryView } from '@/components/record-states';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';
import { useLeaveAfterSave } from '@/lib/use-leave-after-save';
import { useReceivable } from '../../api/get-receivable';
import { receivablesUrl, receivableUrl, type ReceivableLinkState } from '../../api/receivable-keys';
import { isReceivableEditable } from '../../model/receivable-display';
import { ReceivableForm } from '../form/receivable-form';
import { DueLabel, ReceivableStatusBadge } from '../receivable-badges';
import { ReceivableActionsBar } from './receivable-actions-bar';
import { ReceivableDocuments } from './receivable-documents';
import { ReceivableActivityPanel } from './receivable-activity-panel';
import { ReceivableRemindersPanel } from './receivable-reminders-panel';
import { ReceivableSummary } from './receivable-summary';

/** The overview this page was opened from, with its tab and filters (router state), else the plain overview. */
function useListPath(): string {
  const slug = useSession().organization.slug;
  const state = useLocation().state as Partial<ReceivableLinkState> | null;
  const listSearch = typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
  return receivablesUrl(slug, listSearch);
}

/**
 * /{slug}/accounts-receivable/new: a new outgoing invoice, saved as a draft or issued at once; with
 * ?creditFor=<id> a credit note for that invoice, starting from its customer and lines.
 */
export function ReceivableCreateScreen() {
  const { t } = useTranslation('receivables');
  const slug = useSession().organization.slug;
  const listPath = useListPath();
  const { leaveTo } = useLeaveAfterSave();
  const creditFor = useSearchParams()[0].get('creditFor');
  // The day the page opened: the form's defaults must not move under the user at midnight.
  const [today] = useState(todayIso);
  const onCreated = (saved: ArInvoice) => leaveTo(receivableUrl(slug, saved.id));
  if (creditFor) return <CreditNoteCreate invoiceId={creditFor} listPath={listPath} today={today} onCreated={onCreated} />;
  return (
    <div className="grid gap-2">
      <BackLink to={listPath} label={t('detail.back')} className="mb-2" />
      <PageHeader title={t('form.newTitle')} description={t('form.newDescription')} />
      <ReceivableForm record={null} isEditable today={today} onCreated={onCreated} />
    </div>
  );
}

function CreditNoteCreate({
  invoiceId,
  listPath,
  today,
  onCreated,
}: {
  invoiceId: string;
  listPath: string;
  today: string;
  onCreated: (saved: ArInvoice) => void;
}) {
  const { t } = useTranslation('receivables');
  return (
    <LoadedReceivable id={invoiceId} listPath={listPath}>
      {(invoice) => (
        <>
          <PageHeader
            title={t('form.newCreditNoteTitle')}
            description={t('form.newCreditNoteDescription', { number: invoice.invoiceNumber ?? '' })}
          />
          <ReceivableForm record={null} isEditable today={today} onCreated={onCreated} creditFor={invoice} />
        </>
      )}
    </LoadedReceivable>
  );
}

/** Why a saved invoice shows read-only, for the statuses (or payments) that allow no editing. */
function notEditableReason(record: ArInvoice): 'paid' | 'canceled' | 'transferred' {
  if (record.status === 'canceled' || record.status === 'transferred') return record.status;
  return 'paid';
}

function ReceivableDetail({ record }: { record: ArInvoice }) {
  const { t } = useTranslation('receivables');
  const [isDirty, setIsDirty] = useState(false);
  const [today] = useState(todayIso);
  const isEditable = isReceivableEditable(record);
  const type = t(`types.${record.type}`);
  return (
    <>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">
              {record.invoiceNumber
                ? t('detail.title', { type, number: record.invoiceNumber })
                : t('detail.titleDraft', { type })}
            </h1>
            <ReceivableStatusBadge status={record.status} />
            <DueLabel status={record.status} dueDate={record.dueDate} today={today} className="text-sm" />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ReceivableDocuments record={record} hasUnsavedChanges={isDirty} />
          <ReceivableActionsBar record={record} today={today} hasUnsavedChanges={isDirty} />
        </div>
      </header>
      <div className="grid gap-4">
        <ReceivableSummary record={record} />
        {record.status === 'canceled' && record.cancelReason ? (
          <Alert tone="info">
            <p>{t('detail.cancelReason', { reason: record.cancelReason })}</p>
          </Alert>
        ) : null}
        {!isEditable ? (
          <Alert tone="info" data-testid="receivable-read-only">
            <p>{t(`form.notEditable.${notEditableReason(record)}`)}</p>
          </Alert>
        ) : null}
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          {/* Keyed by id only: a newer version in the cache must not reset what is being typed. */}
          <ReceivableForm key={record.id} record={record} isEditable={isEditable} today={today} onDirtyChange={setIsDirty} />
          <div className="grid gap-6">
            {record.status !== 'draft' && record.invoiceNumber ? (
              <ReceivableRemindersPanel record={record} today={today} hasUnsavedChanges={isDirty} />
            ) : null}
            <ReceivableActivityPanel record={record} />
          </div>
        </div>
      </div>
    </>
  );
}

/** /{slug}/accounts-receivable/:id: one outgoing invoice with its status actions, form and activity. */
export function ReceivableDetailScreen({ id }: { id: string }) {
  const listPath = useListPath();
  return (
    <LoadedReceivable id={id} listPath={listPath}>
      {(record) => <ReceivableDetail record={record} />}
    </LoadedReceivable>
  );
}

/** One receivable loaded by id, with the back link and the loading, not-found and error states. */
function LoadedReceivable({
  id,
  listPath,
  children,
}: {
  id: string;
  listPath: string;
  children: (record: ArInvoice) => ReactNode;
}) {
  const { t } = useTranslation('receivables');
  const query = useReceivable(id);
  return (
    <div className="grid gap-2">
      <BackLink to={listPath} label={t('detail.back')} className="mb-2" />
      <RecordQueryView
        query={query}
        loadingLabel={t('detail.loading')}
        notFound={{ title: t('detail.notFoundTitle'), description: t('detail.notFoundDescription'), headingLevel: 1 }}
        back={{ to: listPath, label: t('detail.back') }}
        loadFailedTitle={t('detail.loadFailed')}
      >
        {children}
      </RecordQueryView>
    </div>
  );
}
