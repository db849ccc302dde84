import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PaymentReminder,
  ReminderPreview,
  sendReminderBodySchema,
} from '@kontor/domain/receivables/reminders/payment-reminder';
import { api } from '@/lib/api-client';
import { receivableKeys, receivablePath } from './receivable-keys';

/** GET /ar-invoices/:id/reminders: sent, delivered, failed and skipped reminders, newest first. */
export function useReceivableReminders(id: string) {
  return useQuery({
    queryKey: receivableKeys.reminders(id),
    queryFn: ({ signal }) => api.get<{ items: PaymentReminder[] }>(`${receivablePath(id)}/reminders`, { signal }),
    select: (data) => data.items,
    staleTime: 0,
  });
}

/**
 * GET /ar-invoices/:id/reminders/preview[?templateId]: the e-mail as it would go out now. Without a
 * template the server picks the one whose interval the invoice reached last. While another
 * template's preview loads, the previous one stays on screen.
 */
export function useReminderPreview(id: string, templateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: receivableKeys.reminderPreview(id, templateId),
    queryFn: ({ signal }) =>
      api.get<ReminderPreview>(`${receivablePath(id)}/reminders/preview`, {
        signal,
        query: { templateId: templateId ?? undefined },
      }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /ar-invoices/:id/reminders: 422 reminder_skipped (with the reason) when it would not go out. */
export function useSendReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof sendReminderBodySchema>) =>
      api.post<PaymentReminder>(`${receivablePath(id)}/reminders`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivableKeys.reminders(id) });
      void queryClient.invalidateQueries({ queryKey: receivableKeys.activity(id) });
    },
  });
}
