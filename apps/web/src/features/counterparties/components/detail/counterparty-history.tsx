import { useTranslation } from 'react-i18next';
import { ActivityList } from '@/components/activity-list';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useCounterpartyActivity } from '../../api/list-counterparty-activity';
import { COUNTERPARTY_FORM_FIELDS } from '../../model/counterparty-form';
import { describeCounterpartyChanges, historyNote, historyVerb, isKnownHistoryAction } from '../../model/history';
import { isEmailVerificationHistoryField } from '../../model/email-verification-view';
import { isExecutiveVerificationHistoryField, isVatCheckHistoryField } from '../../model/executive-verification-view';
import { DetailSection } from './detail-section';

const isKnownField = (field: string): field is (typeof COUNTERPARTY_FORM_FIELDS)[number] | 'isTrusted' =>
  field === 'isTrusted' || (COUNTERPARTY_FORM_FIELDS as readonly string[]).includes(field);

/** Who created, edited, trusted or merged the counterparty, and what changed (SPEC §3 activity log). */
export function CounterpartyHistory({ counterpartyId }: { counterpartyId: string }) {
  const { t } = useTranslation('counterparties');
  const activity = useCounterpartyActivity(counterpartyId);

  const { t: tVerification } = useTranslation('counterparty-verification');
  const { t: tExecutive } = useTranslation('counterparty-executive');
  const { t: tVat } = useTranslation('counterparty-vat');
  const fieldLabel = (field: string) =>
    isKnownField(field)
      ? t(`fields.${field}`)
      : isEmailVerificationHistoryField(field)
        ? tVerification(`history.${field}`)
        : isExecutiveVerificationHistoryField(field)
          ? tExecutive(`history.${field}`)
          : isVatCheckHistoryField(field)
            ? tVat(`history.${field}`)
            : field;

  let body;
  if (activity.isPending) body = <LoadingState />;
  else if (activity.isError)
    body = <ErrorState title={t('history.loadFailed')} error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (activity.data.items.length === 0) body = <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  else
    body = (
      <ActivityList
        entries={activity.data.items}
        testId="counterparty-history"
        verbOf={(entry) => historyVerb(entry.action, entry.changes)}
        changesOf={(entry) => describeCounterpartyChanges(entry.changes)}
        detailsOf={(entry) => {
          const note = historyNote(entry.action, entry.changes);
          if (!note) return null;
          return (
            <p className="mt-1 text-xs text-muted-foreground">
              {note.kind === 'mergedWith'
                ? t('history.mergedWith', { name: note.name })
                : t(`history.trustRemovedBecause.${note.reason}`)}
            </p>
          );
        }}
        texts={{
          system: t('history.system'),
          apiKey: t('history.apiKey'),
          unknownActor: t('history.unknownActor'),
          emptyValue: t('history.emptyValue'),
          action: (verb) =>
            isKnownHistoryAction(verb) ? t(`history.actions.${verb}`) : t('history.actions.other', { action: verb }),
          change: (values) => t('history.change', values),
          fieldLabel,
        }}
      />
    );

  return (
    <DetailSection id="counterparty-history" title={t('detail.sections.history')}>
      {body}
    </DetailSection>
  );
}
