import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { currentLocale } from '@/lib/i18n';
import { useCounterpartyActivity, type ActivityEntry } from '../../api/list-counterparty-activity';
import { COUNTERPARTY_FORM_FIELDS } from '../../model/counterparty-form';
import { describeCounterpartyChanges, historyVerb, isKnownHistoryAction } from '../../model/history';
import { DetailSection } from './detail-section';

const isKnownField = (field: string): field is (typeof COUNTERPARTY_FORM_FIELDS)[number] | 'isTrusted' =>
  field === 'isTrusted' || (COUNTERPARTY_FORM_FIELDS as readonly string[]).includes(field);

function formatInstant(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Who created, edited, trusted or merged the counterparty, and what changed (SPEC §3 activity log). */
export function CounterpartyHistory({ counterpartyId }: { counterpartyId: string }) {
  const { t } = useTranslation('counterparties');
  const activity = useCounterpartyActivity(counterpartyId);
  const locale = currentLocale();

  const actor = (entry: ActivityEntry) => {
    if (entry.actorType === 'system') return t('history.system');
    if (entry.actorType === 'api_key') return entry.actorName ?? t('history.apiKey');
    return entry.actorName ?? t('history.unknownActor');
  };
  const fieldLabel = (field: string) => (isKnownField(field) ? t(`fields.${field}`) : field);

  let body;
  if (activity.isPending) body = <LoadingState />;
  else if (activity.isError)
    body = <ErrorState title={t('history.loadFailed')} error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (activity.data.items.length === 0) body = <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  else
    body = (
      <ol className="grid gap-3" data-testid="counterparty-history">
        {activity.data.items.map((entry) => {
          const verb = historyVerb(entry.action, entry.changes);
          const changes = describeCounterpartyChanges(entry.changes);
          return (
            <li key={entry.id} className="rounded-md border border-border p-3 text-sm">
              <p>
                <span className="font-medium">{actor(entry)}</span>{' '}
                {isKnownHistoryAction(verb) ? t(`history.actions.${verb}`) : t('history.actions.other', { action: verb })}
                <span className="text-muted-foreground"> · {formatInstant(entry.createdAt, locale)}</span>
              </p>
              {changes.length > 0 ? (
                <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
                  {changes.map((change) => (
                    <li key={change.field}>
                      {change.hasValues
                        ? t('history.change', {
                            field: fieldLabel(change.field),
                            from: change.from ?? t('history.emptyValue'),
                            to: change.to ?? t('history.emptyValue'),
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

  return (
    <DetailSection id="counterparty-history" title={t('detail.sections.history')}>
      {body}
    </DetailSection>
  );
}
