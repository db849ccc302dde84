import type { Permission } from './permissions';

/** What a screen needs before entry (SPEC §2, permission column). */
export type ScreenRequirement =
  { kind: 'none' } | { kind: 'admin' } | { kind: 'anyPermission'; permissions: readonly Permission[] };

export interface ScreenDefinition {
  /** First path segment under /{slug}; '' is the organisation root. */
  segment: string;
  requirement: ScreenRequirement;
  /** Shown in the main navigation, in this order. */
  inNavigation: boolean;
}

const none: ScreenRequirement = { kind: 'none' };
const needs = (...permissions: Permission[]): ScreenRequirement => ({ kind: 'anyPermission', permissions });

export const SCREENS: readonly ScreenDefinition[] = [
  { segment: 'invoices', requirement: none, inNavigation: true },
  { segment: 'accounts-receivable', requirement: needs('ar_invoices:manage'), inNavigation: true },
  { segment: 'transactions', requirement: needs('payment_runs:manage'), inNavigation: true },
  { segment: 'transaction-dashboard', requirement: needs('payment_runs:manage'), inNavigation: true },
  { segment: 'pr', requirement: needs('payment_runs:manage'), inNavigation: true },
  { segment: 'bank-transactions', requirement: needs('bank_accounts:manage'), inNavigation: true },
  { segment: 'counterparties', requirement: none, inNavigation: true },
  { segment: 'purchase-orders', requirement: none, inNavigation: true },
  { segment: 'automations', requirement: none, inNavigation: true },
  { segment: 'insights', requirement: none, inNavigation: true },
  { segment: 'export', requirement: needs('ap_invoices:manage', 'payment_runs:manage'), inNavigation: true },
  { segment: 'archive', requirement: none, inNavigation: true },
  { segment: 'team', requirement: none, inNavigation: true },
  { segment: 'onboarding', requirement: none, inNavigation: true },
  { segment: 'settings', requirement: { kind: 'admin' }, inNavigation: true },
];

export const SETTINGS_TABS = [
  'general',
  'api',
  'billing',
  'bank-accounts',
  'approval-flows',
  'cost-centers',
  'ledger-accounts',
  'tax-codes',
  'payment-reminders',
  'payment-run-settings',
  'export',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const INVOICE_TABS = ['new', 'my-approvals', 'all-approvals', 'rejected', 'approved'] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];
export const DEFAULT_INVOICE_TAB: InvoiceTab = 'new';

export const ARCHIVE_TABS = ['invoices', 'transactions', 'receivables'] as const;

export function findScreen(segment: string): ScreenDefinition | undefined {
  return SCREENS.find((screen) => screen.segment === segment);
}
