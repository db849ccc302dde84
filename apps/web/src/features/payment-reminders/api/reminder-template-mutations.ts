import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderTemplate, ReminderTemplateInput } from '@kontor/domain/receivables/reminders/reminder-template';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { REMINDER_TEMPLATES_PATH } from '@/lib/payment-reminders/reminder-templates';
import { queryKeys } from '@/lib/query-keys';

const templatePath = (id: string) => `${REMINDER_TEMPLATES_PATH}/${encodeURIComponent(id)}`;

/** POST /reminder-templates (admin): 409 reminder_interval_taken when the interval is in the list. */
export function createReminderTemplate(input: ReminderTemplateInput): Promise<ReminderTemplate> {
  return api.post<ReminderTemplate>(REMINDER_TEMPLATES_PATH, input);
}

/**
 * Adds the suggested templates one after another (in the interface's language). Intervals that are
 * in the list already (someone added one meanwhile) are left as they are; any other refusal stops.
 * Resolves to how many were added.
 */
export async function addSuggestedTemplates(
  suggestions: readonly ReminderTemplateInput[],
  create: (input: ReminderTemplateInput) => Promise<unknown> = createReminderTemplate,
): Promise<number> {
  let added = 0;
  for (const input of suggestions) {
    try {
      await create(input);
      added += 1;
    } catch (error) {
      if (!hasErrorCode(error, 'reminder_interval_taken')) throw error;
    }
  }
  return added;
}

/** Admin writes; each refreshes the list (the settings tab and the receivable's send dialog). */
export function useReminderTemplateMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.reminderTemplates() });
  const create = useMutation({ mutationFn: createReminderTemplate, onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, version, input }: { id: string; version: number; input: ReminderTemplateInput }) =>
      api.put<ReminderTemplate>(templatePath(id), { ...input, version }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: Pick<ReminderTemplate, 'id' | 'version'>) =>
      api.delete<undefined>(templatePath(id), { query: { version } }),
    onSuccess: refresh,
  });
  const addSuggested = useMutation({
    mutationFn: (suggestions: readonly ReminderTemplateInput[]) => addSuggestedTemplates(suggestions),
    // Also after a partial failure: what was added shows.
    onSettled: refresh,
  });
  return { create, update, remove, addSuggested };
}
