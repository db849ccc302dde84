import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { activityEntrySchema } from '@kontor/domain/invoices/invoice-schema';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';

/** One entry of an activity log (invoices, counterparties: the same shape). */
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export interface ActivityChangeLine {
  field: string;
  /** Display texts; null when a value is not worth showing (ids, lists) or empty. */
  from: string | null;
  to: string | null;
  /** Whether the values say something (otherwise only the field name is shown). */
  hasValues: boolean;
}

/** The texts of the list, from the feature's own namespace. */
export interface ActivityListTexts {
  system: string;
  apiKey: string;
  unknownActor: string;
  emptyValue: string;
  /** "edited", "created" … for a verb; the entry gives what the verb names (a flow, a step). */
  action: (verb: string, entry: ActivityEntry) => string;
  /** "{field}: {from} → {to}". */
  change: (values: { field: string; from: string; to: string }) => string;
  fieldLabel: (field: string) => string;
}

export interface ActivityListProps {
  entries: readonly ActivityEntry[];
  testId: string;
  texts: ActivityListTexts;
  /** What an entry did (an update may read as something more specific). */
  verbOf: (entry: ActivityEntry) => string;
  changesOf: (entry: ActivityEntry) => ActivityChangeLine[];
  /** Lines between the heading and the changes (a cancel reason, files). */
  detailsOf?: (entry: ActivityEntry) => ReactNode;
}

/** Who did what when, and which fields changed from what to what (SPEC §3 activity log). */
export function ActivityList({ entries, testId, texts, verbOf, changesOf, detailsOf }: ActivityListProps) {
  const locale = currentLocale();
  const actor = (entry: ActivityEntry) => {
    if (entry.actorType === 'system') return texts.system;
    if (entry.actorType === 'api_key') return entry.actorName ?? texts.apiKey;
    return entry.actorName ?? texts.unknownActor;
  };
  return (
    <ol className="grid gap-3" data-testid={testId}>
      {entries.map((entry) => {
        const changes = changesOf(entry);
        return (
          <li key={entry.id} className="rounded-md border border-border p-3 text-sm">
            <p>
              <span className="font-medium">{actor(entry)}</span> {texts.action(verbOf(entry), entry)}
              <span className="text-muted-foreground"> · {formatDateTime(entry.createdAt, locale)}</span>
            </p>
            {detailsOf?.(entry)}
            {changes.length > 0 ? (
              <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
                {changes.map((change) => (
                  <li key={change.field}>
                    {change.hasValues
                      ? texts.change({
                          field: texts.fieldLabel(change.field),
                          from: change.from ?? texts.emptyValue,
                          to: change.to ?? texts.emptyValue,
                        })
                      : texts.fieldLabel(change.field)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
