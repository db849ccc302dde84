/**
 * Query keys, API paths and screen addresses of the receivables (outgoing invoices). Kept in the
 * feature: nothing else reads them. Every write refreshes the lists and the one invoice's history.
 */
export const receivableKeys = {
  all: () => ['receivables'] as const,
  lists: () => ['receivables', 'list'] as const,
  list: (query: Record<string, string>) => ['receivables', 'list', query] as const,
  detail: (id: string) => ['receivables', 'detail', id] as const,
  activity: (id: string) => ['receivables', 'activity', id] as const,
  /** The invoice's payment reminders (issue 66) and the preview of the next one, per template. */
  reminders: (id: string) => ['receivables', 'reminders', id] as const,
  reminderPreview: (id: string, templateId: string | null) =>
    ['receivables', 'reminders', id, 'preview', templateId ?? 'default'] as const,
};

export const RECEIVABLES_PATH = '/ar-invoices';
export const receivablePath = (id: string) => `${RECEIVABLES_PATH}/${encodeURIComponent(id)}`;

/** The screen's own addresses: the overview (with its query string), a new invoice and one invoice. */
export const receivablesUrl = (slug: string, search = '') => `/${slug}/accounts-receivable${search}`;
export const newReceivableUrl = (slug: string) => `/${slug}/accounts-receivable/new`;
export const receivableUrl = (slug: string, id: string) => `/${slug}/accounts-receivable/${encodeURIComponent(id)}`;

/** What an invoice opened from the overview carries (router state), so its back link returns to the filtered list. */
export interface ReceivableLinkState {
  listSearch: string;
}
