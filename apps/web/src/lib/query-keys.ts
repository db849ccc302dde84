/**
 * Every query key in one place, so one feature can refresh what another shows without
 * importing it (imports run app → features → lib, never feature ↔ feature).
 */
export const queryKeys = {
  publicConfig: () => ['public-config'] as const,
  auth: {
    all: () => ['auth'] as const,
    management: () => ['auth', 'management'] as const,
  },
  user: {
    /** Permissions belong to the user's current organisation; the id keeps organisations apart. */
    permissions: (organizationId: string) => ['user', 'permissions', organizationId] as const,
    permissionsAll: () => ['user', 'permissions'] as const,
    organizations: () => ['user', 'organizations'] as const,
    /** The member's own e-mail notifications, per organisation. */
    notificationOptions: (organizationId: string) => ['user', 'notification-options', organizationId] as const,
  },
  organization: {
    all: () => ['organization'] as const,
    byId: (id: string) => ['organization', 'id', id] as const,
    bySlug: (slug: string) => ['organization', 'slug', slug] as const,
    logoUrl: (organizationId: string) => ['organization', 'logo-url', organizationId] as const,
  },
  invoices: {
    /** Everything about invoices: refreshed after uploads, archiving and restoring. */
    all: () => ['invoices'] as const,
    lists: () => ['invoices', 'list'] as const,
    list: (query: Record<string, string | number | undefined>) => ['invoices', 'list', query] as const,
    /** One invoice and its history: bank matching (another feature) changes both. */
    detail: (id: string) => ['invoices', 'detail', id] as const,
    activity: (id: string) => ['invoices', 'detail', id, 'activity'] as const,
  },
  /** Settings master data (shared by the invoice form and the settings tabs). */
  masterData: {
    costCenters: (type?: 1 | 2) =>
      type ? (['master-data', 'cost-centers', type] as const) : (['master-data', 'cost-centers'] as const),
    ledgerAccounts: () => ['master-data', 'ledger-accounts'] as const,
    taxKeys: () => ['master-data', 'tax-keys'] as const,
    companyBankAccounts: () => ['master-data', 'company-bank-accounts'] as const,
  },
  /** Approval flows (settings) and the members that may approve. */
  /** Absences with a substitute (GET /approval-absences). */
  approvalAbsences: () => ['approval-absences'] as const,
  approvalFlows: {
    all: () => ['approval-flows'] as const,
    list: (type: string) => ['approval-flows', 'list', type] as const,
    detail: (id: string) => ['approval-flows', 'detail', id] as const,
    approverCandidates: () => ['approval-flows', 'approver-candidates'] as const,
  },
  counterparties: {
    all: () => ['counterparties'] as const,
    search: (search: string) => ['counterparties', 'search', search] as const,
    byId: (id: string) => ['counterparties', 'id', id] as const,
    lists: () => ['counterparties', 'list'] as const,
    list: (query: Record<string, string | undefined>) => ['counterparties', 'list', query] as const,
    activity: (id: string) => ['counterparties', 'activity', id] as const,
    /** Bank-account verification runs by e-mail; under the counterparty key so every counterparty write refreshes them. */
    emailVerifications: (id: string) => ['counterparties', 'email-verifications', id] as const,
  },
  /** Accounting exports (issue 41): the history of the export screen and one past export. */
  accountingExports: {
    all: () => ['accounting-exports'] as const,
    history: () => ['accounting-exports', 'history'] as const,
    job: (id: string) => ['accounting-exports', 'job', id] as const,
    items: (id: string) => ['accounting-exports', 'items', id] as const,
    check: (body: unknown) => ['accounting-exports', 'check', body] as const,
    settings: () => ['accounting-exports', 'settings'] as const,
  },
  /** The downloads panel: the signed-in user's newest download jobs. */
  downloadJobs: () => ['download-jobs'] as const,
  /** Payments (issue 7): the list views, one transaction, the dashboard; payment runs refresh them too. */
  transactions: {
    all: () => ['transactions'] as const,
    lists: () => ['transactions', 'list'] as const,
    list: (query: Record<string, string | number | undefined>) => ['transactions', 'list', query] as const,
    counts: (query: Record<string, string | number | undefined>) => ['transactions', 'count', query] as const,
    byId: (id: string) => ['transactions', 'id', id] as const,
    dashboard: (range: string) => ['transactions', 'dashboard', range] as const,
    bankFileImport: (id: string) => ['bank-file-imports', id] as const,
  },
  /** Payment reminder templates (settings › payment reminders; the receivable's send dialog reads them). */
  reminderTemplates: () => ['reminder-templates'] as const,
  /** The team screen (issue 67): members and invitations; a change to either refreshes both. */
  team: {
    all: () => ['team'] as const,
    members: () => ['team', 'members'] as const,
    invitations: () => ['team', 'invitations'] as const,
    /** The public invitation page: not under the tenant key, it works without an organisation. */
    publicInvitation: (token: string) => ['public-invitation', token] as const,
  },
  subscription: {
    all: () => ['subscription'] as const,
    current: (organizationId: string) => ['subscription', 'current', organizationId] as const,
    plans: () => ['subscription', 'plans'] as const,
  },
};
