import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRED_FIELDS } from '@kontor/domain';
import {
  arInvoices,
  approvalFlows,
  bankConnections,
  bankFileImports,
  bankTransactions,
  companyBankAccounts,
  costCenters,
  counterparties,
  counterpartyImports,
  downloadJobs,
  invitations,
  ledgerAccounts,
  paymentRuns,
  reminderTemplates,
  taxKeys,
  transactions,
} from '../src/db/schema';
import type { RouteTableEntry } from '../src/plugins/access';
import { counterpartyBody } from './counterparty-fixtures';
import { arInvoiceBody } from './receivable-fixtures';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow, validFields } from './invoice-fixtures';
import { snapshotOrganization } from './snapshot';

/**
 * ARCHITECTURE §3.13: walks the server's route table, so new routes are covered without anyone
 * remembering to. Every route that takes an id must answer 404 for another organisation's id
 * and change nothing there; every route with a permission must answer 403 to a user without it.
 */

/** Builds the id of a resource that belongs to the other organisation. */
type ForeignResourceFactory = (testApp: TestApp, foreign: TestOrganization) => Promise<string>;
const FOREIGN_RESOURCES: Record<string, ForeignResourceFactory> = {
  organization: async (_app, foreign) => foreign.id,
  // A member of the other organisation (absences are keyed by the member's user id).
  member: async (_app, foreign) => foreign.admin.userId,
  // Its document's id equals the invoice id, so routes with :id and :fileId find both abroad.
  invoice: async (testApp, foreign) => insertInvoiceRow(testApp, foreign.id),
  'cost-center': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(costCenters)
      .values({ organizationId: foreign.id, code: 'F100', name: 'Foreign', type: 1 })
      .onConflictDoUpdate({ target: [costCenters.organizationId, costCenters.type, costCenters.code], set: { name: 'Foreign' } })
      .returning();
    return row!.id;
  },
  'ledger-account': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(ledgerAccounts)
      .values({ organizationId: foreign.id, code: '4999', name: 'Foreign' })
      .onConflictDoUpdate({ target: [ledgerAccounts.organizationId, ledgerAccounts.code], set: { name: 'Foreign' } })
      .returning();
    return row!.id;
  },
  'tax-key': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(taxKeys)
      .values({ organizationId: foreign.id, name: 'FOREIGN_KEY', type: 'OTHER' })
      .onConflictDoUpdate({ target: [taxKeys.organizationId, taxKeys.name], set: { type: 'OTHER' } })
      .returning();
    return row!.id;
  },
  'company-bank-account': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: foreign.id, name: 'Foreign', iban: 'DE89370400440532013000' })
      .onConflictDoUpdate({
        target: [companyBankAccounts.organizationId, companyBankAccounts.name, companyBankAccounts.iban],
        set: { name: 'Foreign' },
      })
      .returning();
    return row!.id;
  },
  approval_flow: async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(approvalFlows)
      .values({
        organizationId: foreign.id,
        name: 'Foreign flow',
        type: 'invoice',
        position: 0,
        steps: [{ approverIds: [foreign.admin.userId], requiredApprovals: 1 }],
        conditions: [],
      })
      .returning();
    return row!.id;
  },
  'reminder-template': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(reminderTemplates)
      .values({ organizationId: foreign.id, intervalDays: 99, subject: 'Foreign', type: 'automatic' })
      .onConflictDoUpdate({
        target: [reminderTemplates.organizationId, reminderTemplates.intervalDays],
        set: { subject: 'Foreign' },
      })
      .returning();
    return row!.id;
  },
  'ar-invoice': async (testApp, foreign) => {
    const [counterparty] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: foreign.id, name: 'Foreign Customer' })
      .returning();
    const [row] = await testApp.database.db
      .insert(arInvoices)
      .values({
        organizationId: foreign.id,
        type: 'invoice',
        status: 'outstanding',
        invoiceNumber: `F-${Date.now()}-${Math.random()}`,
        counterpartyId: counterparty!.id,
        invoiceDate: '2026-11-01',
        dueDate: '2026-11-30',
        netAmount: 10000,
        taxAmount: 1900,
        totalAmount: 11900,
      })
      .returning();
    return row!.id;
  },
  counterparty: async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: foreign.id, name: 'Foreign Supplier' })
      .returning();
    return row!.id;
  },
  'bank-file-import': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(bankFileImports)
      .values({
        organizationId: foreign.id,
        kind: 'trusted_history',
        format: 'camt.053',
        fileName: 'foreign.xml',
        fileKey: `org/${foreign.id}/bank-file-imports/foreign.xml`,
        fileSize: 100,
      })
      .returning();
    return row!.id;
  },
  'bank-statement-upload': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(bankFileImports)
      .values({
        organizationId: foreign.id,
        kind: 'bank_statement',
        format: 'camt.053',
        fileName: 'foreign-statement.xml',
        fileKey: `org/${foreign.id}/bank-file-imports/foreign-statement.xml`,
        fileSize: 100,
      })
      .returning();
    return row!.id;
  },
  // A booking of the other organisation's account: its detail would show a stranger's bank data.
  'bank-transaction': async (testApp, foreign) => {
    const [account] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: foreign.id, name: `Foreign booking ${Math.random()}`, iban: 'DE89370400440532013000' })
      .returning();
    const [row] = await testApp.database.db
      .insert(bankTransactions)
      .values({
        organizationId: foreign.id,
        companyBankAccountId: account!.id,
        source: 'sync',
        dedupeKey: `foreign-${Math.random()}`,
        direction: 'incoming',
        amount: 100,
        currency: 'EUR',
        bookingDate: '2026-12-01',
      })
      .returning();
    return row!.id;
  },
  'payment-run': async (testApp, foreign) => {
    // Numbers are unique per organisation; each route gets a run of its own.
    const [row] = await testApp.database.db
      .insert(paymentRuns)
      .values({ organizationId: foreign.id, number: Math.floor(Math.random() * 1e9) + 1, name: 'Foreign run' })
      .returning();
    return row!.id;
  },
  transaction: async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(transactions)
      .values({
        organizationId: foreign.id,
        origin: 'manual',
        amount: 100,
        currency: 'EUR',
        requestedExecutionDate: '2026-12-01',
        endToEndId: 'TRXFOREIGN',
        debitorName: 'Foreign AG',
        debitorIban: 'DE89370400440532013000',
        creditorName: 'Foreign supplier',
        creditorIban: 'DE02120300000000202051',
      })
      .returning();
    return row!.id;
  },
  // A finished export of the other organisation, with its file: a link or mail would work if it leaked.
  'download-job': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(downloadJobs)
      .values({
        organizationId: foreign.id,
        kind: 'accounting_export',
        status: 'completed',
        source: 'invoices',
        format: 'kontor_csv',
        type: 'csv',
        selection: { kind: 'ready' },
        locale: 'de',
        itemCount: 1,
        fileKey: `org/${foreign.id}/exports/foreign.csv`,
        fileName: 'foreign.csv',
        fileSize: 1,
        createdBy: foreign.admin.userId,
      })
      .returning();
    return row!.id;
  },
  // A connection waiting for its accounts to be chosen: choosing them abroad would connect them.
  'bank-connection': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(bankConnections)
      .values({
        organizationId: foreign.id,
        provider: 'sandbox',
        institutionId: 'SANDBOX_SPARKASSE_DE',
        institutionName: 'Sandbox Sparkasse',
        country: 'DE',
        consentId: `foreign-consent-${Math.random()}`,
        status: 'awaiting_accounts',
        accessValidUntil: new Date(Date.now() + 180 * 86_400_000),
        offeredAccounts: [
          {
            id: 'foreign-account',
            iban: 'DE02120300000000202051',
            name: 'Foreign',
            ownerName: null,
            currency: 'EUR',
            balance: 1,
            balanceDate: null,
          },
        ],
      })
      .returning();
    return row!.id;
  },
  invitation: async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(invitations)
      .values({
        organizationId: foreign.id,
        email: `foreign-${Date.now()}-${Math.random()}@example.test`,
        role: 'user',
        tokenHash: `foreign-${Math.random()}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return row!.id;
  },
  'counterparty-import': async (testApp, foreign) => {
    const [row] = await testApp.database.db
      .insert(counterpartyImports)
      .values({ organizationId: foreign.id, fileName: 'foreign.csv', fileKey: `org/${foreign.id}/foreign.csv`, format: 'csv' })
      .returning();
    return row!.id;
  },
};

/** A valid body per mutating route, so that the answer is about the id and not about validation. */
type BodyFactory = (foreign: TestOrganization) => unknown;
const VALID_BODIES: Record<string, BodyFactory> = {
  'PUT /api/team/members/:userId': () => ({ role: 'user', permissions: [], version: 1 }),
  'PUT /api/team/members/:userId/notification-options': () => ({ options: [] }),
  'POST /api/team/invitations/:id/revoke': () => ({ version: 1 }),
  'POST /api/team/invitations/:id/resend': () => ({ version: 1 }),
  'PUT /api/organization/:id/required-fields': () => ({ version: 1, requiredFields: DEFAULT_REQUIRED_FIELDS }),
  'PUT /api/invoices/:id': () => ({ ...validFields('00000000-0000-4000-8000-00000000000d'), version: 1 }),
  'POST /api/invoices/:id/cancel': () => ({ reason: 'Foreign', version: 1 }),
  'POST /api/invoices/:id/archive': () => ({ version: 1 }),
  'POST /api/invoices/:id/restore': () => ({ version: 1 }),
  'POST /api/invoices/:id/payment-account': () => ({ source: 'document', iban: 'DE89370400440532013000', version: 1 }),
  // Multipart in real use; the invoice is looked up before any part is read, so any body will do.
  'POST /api/invoices/:id/attachments': () => ({}),
  'POST /api/invoices/:id/comments': () => ({ body: 'Foreign' }),
  'POST /api/invoices/:id/request-approval': () => ({ version: 1 }),
  'POST /api/invoices/:id/approve': () => ({ version: 1 }),
  'POST /api/invoices/:id/reject': () => ({ reason: 'Foreign', version: 1 }),
  'POST /api/invoices/:id/reset': () => ({ version: 1 }),
  'POST /api/invoices/:id/reassign-approval': () => ({
    version: 1,
    fromApproverId: '00000000-0000-4000-8000-00000000000a',
    toApproverId: '00000000-0000-4000-8000-00000000000b',
  }),
  'PUT /api/approval-absences/:userId': (foreign) => ({
    startsOn: '2099-01-01',
    endsOn: '2099-01-02',
    substituteId: foreign.admin.userId,
  }),
  'PUT /api/approval-flows/:id': (foreign) => ({
    version: 1,
    name: 'Home',
    type: 'invoice',
    isDefault: false,
    steps: [{ approverIds: [foreign.admin.userId], requiredApprovals: 1 }],
    conditions: [],
  }),
  'PUT /api/cost-centers/:id': () => ({ version: 1, code: 'H100', name: 'Home', type: 1 }),
  'PUT /api/ledger-accounts/:id': () => ({ version: 1, code: '4998', name: 'Home' }),
  'PUT /api/tax-keys/:id': () => ({ version: 1, externalCode: '9' }),
  'PUT /api/company-bank-accounts/:id': () => ({
    version: 1,
    name: 'Home',
    iban: 'DE02120300000000202051',
    bic: null,
    isDefaultDebitor: true,
  }),
  'PUT /api/counterparties/:id': () => ({
    ...counterpartyBody({
      name: 'Home',
      accountsPayableNumber: '30005',
      bankAccounts: [{ name: 'Home', iban: 'DE02120300000000202051', bic: null }],
    }),
    version: 1,
  }),
  'POST /api/counterparties/:id/trust': () => ({ version: 1 }),
  'POST /api/counterparties/:id/untrust': () => ({ version: 1 }),
  'POST /api/counterparties/:id/bank-accounts/:bankAccountId/executive-verification': (foreign) => ({
    verifierIds: [foreign.admin.userId],
  }),
  'POST /api/counterparties/:id/executive-verifications/:verificationId/decision': () => ({ decision: 'approved' }),
  'POST /api/counterparties/:id/vat-check': () => ({}),
  'POST /api/counterparties/imports/:importId/start': () => ({ mapping: { name: 'Name' } }),
  'POST /api/payment-runs/:id/transactions': () => ({ version: 1, transactionIds: ['00000000-0000-4000-8000-00000000000e'] }),
  'POST /api/payment-runs/:id/transactions/:transactionId': () => ({ version: 1 }),
  'POST /api/payment-runs/:id/transactions/remove': () => ({
    version: 1,
    transactionIds: ['00000000-0000-4000-8000-00000000000e'],
  }),
  'POST /api/payment-runs/:id/request-approval': () => ({ version: 1 }),
  'POST /api/payment-runs/:id/approve': () => ({ version: 1 }),
  'POST /api/payment-runs/:id/reject': () => ({ version: 1, reason: 'Foreign' }),
  'POST /api/payment-runs/:id/reset': () => ({ version: 1 }),
  'POST /api/payment-runs/:id/export': () => ({ version: 1 }),
  'POST /api/transactions/from-invoice/:invoiceId': () => ({}),
  'POST /api/download-jobs/:id/email': () => ({}),
  'POST /api/bank-connections/:id/accounts': () => ({ providerAccountIds: ['foreign-account'], version: 1 }),
  'POST /api/bank-connections/:id/renew': () => ({}),
  'POST /api/bank-transactions/:id/matches': () => ({
    target: { kind: 'invoice', id: '00000000-0000-4000-8000-000000000000' },
    amount: 100,
  }),
  'POST /api/bank-transactions/accounts/:id/sync': () => ({}),
  'PATCH /api/transactions/:id': () => ({ version: 1, amount: 200 }),
  'PUT /api/transactions/:id/notes': () => ({ version: 1, notes: 'Foreign' }),
  'POST /api/transactions/:id/cancel': () => ({ version: 1, reason: 'Foreign' }),
  'POST /api/transactions/:id/archive': () => ({ version: 1, reason: 'Foreign' }),
  'POST /api/transactions/:id/reactivate': () => ({ version: 1 }),
  'POST /api/transactions/:id/postpone': () => ({ version: 1 }),
  'POST /api/transactions/:id/analysis': () => ({ version: 1, decision: 'mark_ok', note: 'Foreign' }),
  'POST /api/transactions/:id/analyse': () => ({ version: 1 }),
  'PUT /api/ar-invoices/:id': () => ({ ...arInvoiceBody('00000000-0000-4000-8000-00000000000f'), version: 1 }),
  'POST /api/ar-invoices/:id/issue': () => ({ version: 1 }),
  'POST /api/ar-invoices/:id/payments': () => ({ version: 1, paidOn: '2026-11-15', amount: 100 }),
  'POST /api/ar-invoices/:id/unpaid': () => ({ version: 1 }),
  'POST /api/ar-invoices/:id/cancel': () => ({ version: 1, reason: 'Foreign' }),
  'POST /api/ar-invoices/:id/restore': () => ({ version: 1 }),
  'POST /api/ar-invoices/:id/send': () => ({ version: 1, to: ['ap@example.com'], subject: 'Invoice', message: '' }),
  // A template id of the caller's own organisation would be needed to get past the invoice; any uuid shows the 404.
  'POST /api/ar-invoices/:id/reminders': () => ({ templateId: '00000000-0000-4000-8000-00000000000f' }),
  'PUT /api/reminder-templates/:id': () => ({
    version: 1,
    intervalDays: 5,
    subject: 'Home',
    header: '',
    footer: '',
    type: 'manual',
  }),
  // Starting a verification takes no body; the ids in the path are all it needs.
  'POST /api/counterparties/:id/bank-accounts/:bankAccountId/email-verification': () => ({}),
};

const ID_PARAM = /:(\w*id)\b/i;

function fillUrl(url: string, value: string): string {
  return url.replace(new RegExp(ID_PARAM.source, 'gi'), value).replace(/:\w+/g, 'x');
}

function routeKey(route: RouteTableEntry): string {
  return `${route.method} ${route.url}`;
}

describe('isolation matrix', () => {
  let testApp: TestApp;
  let home: TestOrganization;
  let foreign: TestOrganization;
  let memberWithoutPermissions: TestUser;
  let apiRoutes: RouteTableEntry[];

  beforeAll(async () => {
    testApp = await createTestApp();
    home = await createOrganizationWithAdmin(testApp, 'Home GmbH');
    foreign = await createOrganizationWithAdmin(testApp, 'Foreign AG');
    memberWithoutPermissions = await addMember(testApp, home.id, []);
    apiRoutes = testApp.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
  });
  afterAll(async () => testApp.close());

  it('finds the routes and every id-taking route names its resource', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    const undeclared = apiRoutes.filter((route) => ID_PARAM.test(route.url) && !route.resource).map(routeKey);
    expect(undeclared).toEqual([]);
  });

  it("answers 404 for another organisation's id and changes nothing there", async () => {
    const idRoutes = apiRoutes.filter((route) => route.resource);
    expect(idRoutes.length).toBeGreaterThan(0);
    for (const route of idRoutes) {
      const factory = FOREIGN_RESOURCES[route.resource!];
      expect(factory, `no foreign-resource factory for "${route.resource}" (${routeKey(route)})`).toBeDefined();
      const foreignId = await factory!(testApp, foreign);
      const needsBody = route.method !== 'GET' && route.method !== 'DELETE';
      const bodyFactory = VALID_BODIES[routeKey(route)];
      if (needsBody) expect(bodyFactory, `no valid body sample for ${routeKey(route)}`).toBeDefined();

      const before = await snapshotOrganization(testApp, foreign.id);
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: fillUrl(route.url, foreignId),
        headers: browser(home.admin.cookie),
        ...(needsBody ? { payload: bodyFactory!(foreign) as object } : {}),
      });
      expect(response.statusCode, `${routeKey(route)} → ${response.body}`).toBe(404);
      expect(await snapshotOrganization(testApp, foreign.id), `${routeKey(route)} changed the other organisation`).toEqual(
        before,
      );
    }
  });

  it('answers 403 to a member without the permission, and to a non-admin on admin routes', async () => {
    const guarded = apiRoutes.filter((route) => route.access.kind === 'permission' || route.access.kind === 'admin');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: fillUrl(route.url, home.id),
        headers: browser(memberWithoutPermissions.cookie, { 'content-type': 'application/json' }),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      expect(response.statusCode, `${routeKey(route)} → ${response.body}`).toBe(403);
      expect(response.json().code).toMatch(/^(permission_denied|admin_only)$/);
    }
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of apiRoutes.filter((candidate) => candidate.access.kind !== 'public')) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: fillUrl(route.url, home.id),
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      expect(response.statusCode, `${routeKey(route)} → ${response.body}`).toBe(401);
    }
  });
});
