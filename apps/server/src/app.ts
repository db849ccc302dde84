import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { InvalidationListener } from './lib/invalidation';
import { responseSerializerCompiler } from './lib/response-serializer';
import { accessPlugin } from './plugins/access';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { apiHeadersPlugin } from './plugins/api-headers';
import { canonicalHostPlugin } from './plugins/canonical-host';
import { validatorCompiler } from './lib/validator-compiler';
import { sessionPlugin } from './plugins/session';
import { SessionStore } from './plugins/session-store';
import { openApiPlugin } from './plugins/openapi';
import { storagePlugin } from './plugins/storage';
import { mailerPlugin } from './plugins/mailer';
import { jobsPlugin } from './plugins/jobs';
import { webPlugin } from './plugins/web';
import { identityProviderPlugin } from './idp';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { systemRoutes } from './modules/system/routes';
import { costCenterRoutes } from './modules/master-data/cost-center-routes';
import { ledgerAccountRoutes } from './modules/master-data/ledger-account-routes';
import { taxKeyRoutes } from './modules/master-data/tax-key-routes';
import { companyBankAccountRoutes } from './modules/company-bank-accounts/routes';
import { counterpartyRoutes } from './modules/counterparties/routes';
import { counterpartyImportRoutes } from './modules/counterparty-import/routes';
import { registerCounterpartyImport } from './modules/counterparty-import/plugin';
import { counterpartyMergeRoutes } from './modules/counterparties/merge-routes';
import { emailVerificationRoutes, publicEmailVerificationRoutes } from './modules/counterparty-verification/email/routes';
import { approvalFlowRoutes } from './modules/approvals/flow-routes';
import { createServices } from './modules/services';
import { registerAuthJobs } from './modules/auth/jobs';
import { registerInvoiceReading } from './modules/invoice-reading/jobs';
import { emailImportPlugin } from './modules/email-import/plugin';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { registerVatCheck } from './modules/vat-check/jobs';
import { registerEmailVerificationJobs } from './modules/counterparty-verification/email/jobs';
import { registerMemberDigestJobs } from './modules/member-digest/jobs';
import { unsubscribeRoutes } from './modules/member-digest/unsubscribe-routes';
import { invitationRoutes } from './modules/team/invitation-routes';
import { teamRoutes } from './modules/team/team-routes';
import { notificationOptionRoutes } from './modules/member-digest/notification-options-routes';
import { registerPaymentReminderJobs } from './modules/payment-reminders/jobs';
import { reminderRoutes } from './modules/payment-reminders/reminder-routes';
import { reminderTemplateRoutes } from './modules/payment-reminders/template-routes';
import { reminderTrackingRoutes } from './modules/payment-reminders/tracking-routes';
import { mailEventWebhookRoutes } from './modules/mail-events/webhook-routes';
import { vatCheckRoutes } from './modules/vat-check/routes';
import { executiveVerificationRoutes, verificationInboxRoutes } from './modules/counterparty-verification/executive/routes';
import { bankFileImportRoutes } from './modules/bank-file-import/routes';
import { registerBankFileImport } from './modules/bank-file-import/plugin';
import { paymentRunRoutes } from './modules/payment-runs/routes';
import { transactionRoutes } from './modules/transactions/routes';
import { registerPaymentRunJobs } from './modules/payment-runs/jobs';
import { registerWaitingCountJobs } from './modules/approvals/waiting-counts';
import { registerApprovalReminderJobs } from './modules/approvals/reminder-jobs';
import { registerAbsenceJobs } from './modules/approvals/absence-jobs';
import { absenceRoutes } from './modules/approvals/absence-routes';
import { registerExports } from './modules/exports/plugin';
import { downloadJobRoutes, exportRoutes, exportSettingsRoutes } from './modules/exports/routes';
import type { BankDataProvider } from './modules/bank-connections/provider';
import { createBankDataProvider } from './modules/bank-connections/providers';
import { registerBankConnections } from './modules/bank-connections/plugin';
import { registerBankMatching } from './modules/bank-matching/plugin';
import { bankMatchingRoutes, invoiceBankMatchRoutes } from './modules/bank-matching/routes';
import { receivableRoutes } from './modules/receivables/routes';
import { registerBankTransactions } from './modules/bank-transactions/plugin';
import { bankTransactionRoutes } from './modules/bank-transactions/routes';
import { bankConnectionRoutes } from './modules/bank-connections/routes';
import { SANDBOX_BANK_PREFIX, sandboxBankRoutes } from './modules/bank-connections/sandbox/sandbox-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface AppDependencies {
  database: Database;
  /** Cross-process cache invalidation; without it, caches are bypassed. */
  listener?: InvalidationListener;
  /** Start pg-boss workers in this process (KONTOR_ROLES contains worker). */
  runWorkers?: boolean;
  /** The bank-data provider instead of the one BANK_PROVIDER names (tests: a bank that fails on cue). */
  bankProvider?: BankDataProvider;
}

export type App = FastifyInstance;

/** The Fastify instance with every plugin and module; tests build it the same way main.ts does. */
export async function buildApp(config: Config, dependencies: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    // A hop count, not `true`: the left-most X-Forwarded-For is whatever the client wrote.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: (request) => (request.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('database', dependencies.database);

  await app.register(cookie, { secret: config.session.secret });
  await app.register(errorsPlugin);
  await app.register(apiHeadersPlugin);
  await app.register(canonicalHostPlugin);
  await app.register(accessPlugin);
  await app.register(sessionPlugin, {
    store: new SessionStore(dependencies.database, config.session, dependencies.listener),
  });
  await app.register(csrfPlugin);
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(dependencies.database) });
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 20, fields: 50 } });
  await app.register(openApiPlugin);
  await app.register(storagePlugin);
  await app.register(jobsPlugin, { runWorkers: dependencies.runWorkers ?? false });
  await app.register(mailerPlugin);
  if (config.oidc.kind === 'builtin') await app.register(identityProviderPlugin);

  app.decorate('services', createServices(app, dependencies.listener));
  await registerAuthJobs(app);
  await registerInvoiceReading(app);
  await registerVatCheck(app);
  await registerEmailVerificationJobs(app);
  await registerPaymentReminderJobs(app);
  await registerMemberDigestJobs(app);
  await registerCounterpartyImport(app);
  await registerBankFileImport(app);
  await registerPaymentRunJobs(app);
  await registerWaitingCountJobs(app);
  await registerApprovalReminderJobs(app);
  await registerAbsenceJobs(app);
  await registerExports(app);
  await registerBankConnections(app, dependencies.bankProvider ?? createBankDataProvider(config));
  registerBankTransactions(app);
  await registerBankMatching(app);
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(notificationOptionRoutes, { prefix: '/api/user' });
  await app.register(teamRoutes, { prefix: '/api/team' });
  await app.register(invitationRoutes, { prefix: '/api' });
  await app.register(organizationRoutes, { prefix: '/api/organization' });
  await app.register(subscriptionRoutes, { prefix: '/api/supscription-plan' });
  await app.register(invoiceRoutes, { prefix: '/api/invoices' });
  await app.register(costCenterRoutes, { prefix: '/api/cost-centers' });
  await app.register(ledgerAccountRoutes, { prefix: '/api/ledger-accounts' });
  await app.register(taxKeyRoutes, { prefix: '/api/tax-keys' });
  await app.register(companyBankAccountRoutes, { prefix: '/api/company-bank-accounts' });
  await app.register(counterpartyRoutes, { prefix: '/api/counterparties' });
  await app.register(executiveVerificationRoutes, { prefix: '/api/counterparties' });
  await app.register(verificationInboxRoutes, { prefix: '/api/counterparty-verifications' });
  await app.register(vatCheckRoutes, { prefix: '/api/counterparties' });
  await app.register(counterpartyImportRoutes, { prefix: '/api/counterparties/imports' });
  await app.register(counterpartyMergeRoutes, { prefix: '/api/counterparties' });
  await app.register(emailVerificationRoutes, { prefix: '/api/counterparties' });
  await app.register(publicEmailVerificationRoutes, { prefix: '/api/public/bank-account-verification' });
  await app.register(approvalFlowRoutes, { prefix: '/api/approval-flows' });
  await app.register(absenceRoutes, { prefix: '/api/approval-absences' });
  await app.register(bankFileImportRoutes, { prefix: '/api/bank-file-imports' });
  await app.register(paymentRunRoutes, { prefix: '/api/payment-runs' });
  await app.register(transactionRoutes, { prefix: '/api/transactions' });
  await app.register(exportRoutes, { prefix: '/api/exports' });
  await app.register(downloadJobRoutes, { prefix: '/api/download-jobs' });
  await app.register(exportSettingsRoutes, { prefix: '/api/export-settings' });
  await app.register(bankConnectionRoutes, { prefix: '/api/bank-connections' });
  await app.register(bankTransactionRoutes, { prefix: '/api/bank-transactions' });
  await app.register(bankMatchingRoutes, { prefix: '/api/bank-transactions' });
  await app.register(invoiceBankMatchRoutes, { prefix: '/api/invoices' });
  await app.register(receivableRoutes, { prefix: '/api/ar-invoices' });
  await app.register(reminderRoutes, { prefix: '/api/ar-invoices' });
  await app.register(reminderTemplateRoutes, { prefix: '/api/reminder-templates' });
  await app.register(reminderTrackingRoutes);
  await app.register(unsubscribeRoutes, { secret: config.session.secret });
  // Without a secret there is no webhook (404): an unsigned one would let anyone fail reminders.
  const { webhookSecret } = config.mailEvents;
  if (webhookSecret) await app.register(mailEventWebhookRoutes, { prefix: '/api/webhooks', secret: webhookSecret });
  // The built-in sandbox bank is "the bank" of the default configuration; with a real provider it is not served.
  if (config.bank.provider === 'sandbox') await app.register(sandboxBankRoutes, { prefix: SANDBOX_BANK_PREFIX });
  // Mail in is a listener like HTTP: it runs where the API runs.
  if (config.mailImport.port > 0 && config.roles.has('api')) await app.register(emailImportPlugin);
  await app.register(webPlugin);

  return app;
}
