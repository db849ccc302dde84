import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReminderTemplate } from '@kontor/domain/receivables/reminders/reminder-template';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The organisation's payment reminder templates (issue 66), read by two features: the settings
 * tab that maintains them and the receivable's "Send reminder" dialog that picks one.
 */
export const REMINDER_TEMPLATES_PATH = '/reminder-templates';

/** GET /reminder-templates: ordered by interval (whoever manages receivables may read them). */
export function listReminderTemplates(signal?: AbortSignal): Promise<{ items: ReminderTemplate[] }> {
  return api.get<{ items: ReminderTemplate[] }>(REMINDER_TEMPLATES_PATH, { signal });
}

export function reminderTemplatesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reminderTemplates(),
    queryFn: ({ signal }) => listReminderTemplates(signal),
  });
}

export function useReminderTemplates() {
  return useQuery(reminderTemplatesQueryOptions());
}
