import { ARCHIVE_TABS, DEFAULT_INVOICE_TAB, INVOICE_TABS, SETTINGS_TABS } from '@kontor/domain/screens';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { lazyScreen } from './lazy-route';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { handle, type FirstRequest } from './route-handle';

/** A screen that a later module builds; until then it says so honestly. */
const placeholder = lazyScreen(() => import('./routes/placeholder-route'), 'PlaceholderRoute');

/** Unknown tabs go back to the screen's default instead of rendering nothing. */
function keepKnownTab(tabs: readonly string[], fallback: (slug: string) => string) {
  return ({ params }: LoaderFunctionArgs) =>
    params.tab && !tabs.includes(params.tab) ? redirect(fallback(params.slug ?? '')) : null;
}

/** The overview's first page, asked for while the overview's chunks load (its module is small). */
const firstInvoicePage: FirstRequest = async (params, search) => {
  const { prefetchInvoiceList } = await import('@/features/invoices/api/prefetch-invoice-list');
  return (queryClient) => prefetchInvoiceList(queryClient, params.tab, search);
};

/** The counterparty list's first page, likewise (nothing on a detail's address). */
const firstCounterpartyPage: FirstRequest = async (params, search) => {
  const { prefetchCounterpartyList } = await import('@/features/counterparties/api/prefetch-counterparty-list');
  return (queryClient) => prefetchCounterpartyList(queryClient, params.id, search);
};

/** Everything under /{slug}; the guard in the parent decides entry (SPEC §2, §5). */
const organizationRoutes: RouteObject[] = [
  { index: true, handle: handle('invoices'), element: <Navigate to={`invoices/${DEFAULT_INVOICE_TAB}`} replace /> },
  {
    path: 'invoices',
    handle: handle('invoices'),
    children: [
      { index: true, handle: handle('invoices'), element: <Navigate to={DEFAULT_INVOICE_TAB} replace /> },
      {
        path: ':tab',
        handle: handle('invoices', { noScroll: true, firstRequest: firstInvoicePage, namespaces: ['invoices'] }),
        loader: keepKnownTab(INVOICE_TABS, (slug) => `/${slug}/invoices/${DEFAULT_INVOICE_TAB}`),
        lazy: lazyScreen(() => import('@/features/invoices/routes/invoices-route'), 'InvoicesRoute'),
      },
      {
        path: ':tab/:id',
        handle: handle('invoiceDetail', { noScroll: true }),
        lazy: lazyScreen(() => import('./routes/invoice-detail-route'), 'InvoiceDetailRoute'),
      },
    ],
  },
  {
    path: 'transactions',
    handle: handle('transactions', { noScroll: true }),
    lazy: lazyScreen(() => import('./routes/transactions-route'), 'TransactionsRoute'),
  },
  {
    path: 'transaction-dashboard',
    handle: handle('transactionDashboard'),
    lazy: lazyScreen(() => import('@/features/transactions/routes/transactions-route'), 'TransactionDashboardRoute'),
  },
  {
    path: 'bank-transactions',
    handle: handle('bankTransactions', { namespaces: ['bank-transactions', 'transactions'] }),
    lazy: lazyScreen(() => import('@/features/bank-transactions/routes/bank-transactions-route'), 'BankTransactionsRoute'),
  },
  {
    path: 'bank-transactions/:id',
    handle: handle('bankTransactionDetail', { namespaces: ['bank-transactions'] }),
    lazy: lazyScreen(
      () => import('@/features/bank-transactions/routes/bank-transaction-detail-route'),
      'BankTransactionDetailRoute',
    ),
  },
  {
    path: 'accounts-receivable',
    handle: handle('accountsReceivable', { namespaces: ['receivables'] }),
    lazy: lazyScreen(() => import('@/features/receivables/routes/receivables-route'), 'ReceivablesRoute'),
  },
  {
    path: 'accounts-receivable/new',
    handle: handle('accountsReceivableNew', { namespaces: ['receivables'] }),
    lazy: lazyScreen(() => import('@/features/receivables/routes/receivable-detail-route'), 'ReceivableCreateRoute'),
  },
  {
    path: 'accounts-receivable/:id',
    handle: handle('accountsReceivableDetail', { namespaces: ['receivables'] }),
    lazy: lazyScreen(() => import('@/features/receivables/routes/receivable-detail-route'), 'ReceivableDetailRoute'),
  },
  { path: 'insights', handle: handle('insights'), lazy: placeholder },
  {
    path: 'pr/:id?',
    handle: handle('paymentRuns'),
    lazy: lazyScreen(() => import('@/features/payment-runs/routes/payment-runs-route'), 'PaymentRunsRoute'),
  },
  {
    path: 'archive/:tab?/:id?',
    handle: handle('archive', { noScroll: true }),
    loader: keepKnownTab(ARCHIVE_TABS, (slug) => `/${slug}/archive`),
    lazy: lazyScreen(() => import('./routes/archive-route'), 'ArchiveRoute'),
  },
  {
    path: 'export/:tab?/:id?',
    handle: handle('export', { noScroll: true }),
    lazy: lazyScreen(() => import('./routes/export-route'), 'ExportRoute'),
  },
  {
    path: 'counterparties/new',
    handle: handle('counterpartyNew'),
    lazy: lazyScreen(() => import('@/features/counterparties/routes/counterparties-route'), 'CounterpartyCreateRoute'),
  },
  {
    // The list without an id, the detail with one; each screen is its own chunk.
    path: 'counterparties/:id?',
    handle: handle('counterparties', { firstRequest: firstCounterpartyPage, namespaces: ['counterparties'] }),
    lazy: lazyScreen(() => import('@/features/counterparties/routes/counterparties-route'), 'CounterpartiesRoute'),
  },
  {
    path: 'counterparties/:id/edit',
    handle: handle('counterpartyEdit'),
    lazy: lazyScreen(() => import('@/features/counterparties/routes/counterparties-route'), 'CounterpartyEditRoute'),
  },
  { path: 'purchase-orders', handle: handle('purchaseOrders'), lazy: placeholder },
  { path: 'purchase-orders/:id', handle: handle('purchaseOrderDetail'), lazy: placeholder },
  {
    path: 'team',
    handle: handle('team', { namespaces: ['team', 'notifications'] }),
    lazy: lazyScreen(() => import('@/features/team/routes/team-route'), 'TeamRoute'),
  },
  { path: 'automations', handle: handle('automations'), lazy: placeholder },
  {
    path: 'onboarding',
    handle: handle('onboarding'),
    lazy: lazyScreen(() => import('@/features/onboarding/routes/onboarding-route'), 'OnboardingRoute'),
  },
  {
    path: 'settings',
    handle: handle('settings'),
    lazy: lazyScreen(() => import('@/features/settings/routes/settings-layout-route'), 'SettingsLayoutRoute'),
    children: [
      { index: true, handle: handle('settings'), element: <Navigate to="general" replace /> },
      {
        path: 'general',
        handle: handle('settingsGeneral', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/organization/routes/general-settings-route'), 'GeneralSettingsRoute'),
      },
      {
        path: 'billing',
        handle: handle('settingsBilling', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/subscription/routes/billing-route'), 'BillingRoute'),
      },
      {
        path: 'approval-flows',
        handle: handle('settingsApprovalFlows', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/approval-flows/routes/approval-flows-route'), 'ApprovalFlowsRoute'),
      },
      {
        path: 'approval-flows/detail/:id?',
        handle: handle('approvalFlowDetail'),
        lazy: lazyScreen(() => import('@/features/approval-flows/routes/approval-flow-detail-route'), 'ApprovalFlowDetailRoute'),
      },
      {
        path: 'cost-centers',
        handle: handle('settingsCostCenters', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/master-data/routes/cost-centers-route'), 'CostCentersRoute'),
      },
      {
        path: 'ledger-accounts',
        handle: handle('settingsLedgerAccounts', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/master-data/routes/ledger-accounts-route'), 'LedgerAccountsRoute'),
      },
      {
        path: 'tax-codes',
        handle: handle('settingsTaxCodes', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/master-data/routes/tax-keys-route'), 'TaxKeysRoute'),
      },
      {
        path: 'bank-accounts',
        handle: handle('settingsBankAccounts', { noScroll: true }),
        lazy: lazyScreen(() => import('./routes/bank-accounts-settings-route'), 'BankAccountsSettingsRoute'),
      },
      {
        path: 'bank-accounts/connect/:id?',
        handle: handle('settingsBankConnect'),
        lazy: lazyScreen(() => import('@/features/bank-connections/routes/connect-bank-route'), 'ConnectBankRoute'),
      },
      {
        path: 'payment-reminders',
        handle: handle('settingsPaymentReminders', { noScroll: true, namespaces: ['payment-reminders', 'organization'] }),
        lazy: lazyScreen(() => import('./routes/payment-reminders-settings-route'), 'PaymentRemindersSettingsRoute'),
      },
      {
        path: 'payment-run-settings',
        handle: handle('settingsPaymentRuns', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/organization/routes/payment-run-settings-route'), 'PaymentRunSettingsRoute'),
      },
      {
        path: 'export',
        handle: handle('settingsExport', { noScroll: true }),
        lazy: lazyScreen(() => import('@/features/export-settings/routes/export-settings-route'), 'ExportSettingsRoute'),
      },
      {
        path: ':tab',
        handle: handle('settings', { noScroll: true }),
        loader: keepKnownTab(SETTINGS_TABS, (slug) => `/${slug}/settings/general`),
        lazy: lazyScreen(
          () => import('@/features/settings/routes/settings-tab-placeholder-route'),
          'SettingsTabPlaceholderRoute',
        ),
      },
    ],
  },
  { path: '*', handle: handle('notFound'), lazy: lazyScreen(() => import('./routes/not-found-route'), 'NotFoundRoute') },
];

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteErrorBoundary,
    handle: handle('app'),
    children: [
      {
        index: true,
        handle: handle('welcome'),
        lazy: lazyScreen(() => import('@/features/welcome/routes/welcome-route'), 'WelcomeRoute'),
      },
      {
        path: 'session-expired',
        handle: handle('sessionExpired'),
        lazy: lazyScreen(() => import('@/features/welcome/routes/welcome-route'), 'SessionExpiredRoute'),
      },
      {
        path: 'terms',
        handle: handle('terms'),
        lazy: lazyScreen(() => import('@/features/welcome/routes/legal-route'), 'TermsRoute'),
      },
      {
        path: 'privacy',
        handle: handle('privacy'),
        lazy: lazyScreen(() => import('@/features/welcome/routes/legal-route'), 'PrivacyRoute'),
      },
      {
        // The link in the bank-account verification e-mail: public, no login, no organisation.
        path: 'verify-bank-account/:token',
        handle: handle('verifyBankAccount'),
        lazy: lazyScreen(
          () => import('@/features/bank-account-verification/routes/verify-bank-account-route'),
          'VerifyBankAccountRoute',
        ),
      },
      {
        // The link in the team invitation e-mail: public; signing in or up comes back here to join.
        path: 'invitation/:token',
        handle: handle('invitation', { namespaces: ['team'] }),
        lazy: lazyScreen(() => import('./routes/invitation-route'), 'InvitationRoute'),
      },
      {
        path: 'auth-callback',
        handle: handle('authCallback'),
        lazy: lazyScreen(() => import('@/features/auth/routes/auth-callback-route'), 'AuthCallbackRoute'),
      },
      {
        path: 'sign-up',
        handle: handle('signUp'),
        lazy: lazyScreen(() => import('./routes/sign-up-route'), 'SignUpRoute'),
      },
      {
        path: ':slug',
        handle: handle('app'),
        lazy: lazyScreen(() => import('./guards/organization-layout-route'), 'OrganizationLayoutRoute'),
        // A pathless layer so a crashing screen keeps the shell around its error message.
        children: [{ ErrorBoundary: RouteErrorBoundary, children: organizationRoutes }],
      },
      { path: '*', handle: handle('notFound'), lazy: lazyScreen(() => import('./routes/not-found-route'), 'NotFoundRoute') },
    ],
  },
];
