/** The transaction dashboard (issue 7 item 7, SPEC §9: 7 days, 10 months, date ranges). */
import { z } from 'zod';
import { transactionListItemSchema } from './transaction-api';

/** Transactions due within this many days raise the alert. */
export const DUE_SOON_DAYS = 7;
/** The volume chart covers this many months, the current one included. */
export const VOLUME_CHART_MONTHS = 10;
/** Date ranges of the dashboard: the last 30, 60, 90 and 180 days, and the last year. */
export const DASHBOARD_RANGES = ['30d', '60d', '90d', '180d', '1y'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_DAYS: Readonly<Record<DashboardRange, number>> = {
  '30d': 30,
  '60d': 60,
  '90d': 90,
  '180d': 180,
  '1y': 365,
};

export const transactionDashboardQuerySchema = z.object({ range: z.enum(DASHBOARD_RANGES).default('30d') });

export const transactionDashboardSchema = z.object({
  today: z.string(),
  dueSoon: z.object({
    /** Open or in a run, not exported, with a requested execution date up to today + 7 days (overdue included). */
    count: z.number().int(),
    amount: z.number().int(),
    overdueCount: z.number().int(),
    items: z.array(transactionListItemSchema),
  }),
  /** One entry per month, oldest first, exported (paid) volume by requested execution date. */
  volume: z.array(z.object({ month: z.string(), amount: z.number().int(), count: z.number().int() })),
  range: z.object({
    from: z.string(),
    to: z.string(),
    exportedAmount: z.number().int(),
    exportedCount: z.number().int(),
    openAmount: z.number().int(),
    openCount: z.number().int(),
    flaggedCount: z.number().int(),
  }),
});
export type TransactionDashboard = z.infer<typeof transactionDashboardSchema>;
