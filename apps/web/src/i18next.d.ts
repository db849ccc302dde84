import 'i18next';
import type errors from '@kontor/domain/locales/en/errors.json';
import type validation from '@kontor/domain/locales/en/validation.json';
import type absences from './locales/en/absences.json';
import type approvalFlows from './locales/en/approval-flows.json';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type counterparties from './locales/en/counterparties.json';
import type counterpartyImport from './locales/en/counterparty-import.json';
import type counterpartyVerification from './locales/en/counterparty-verification.json';
import type counterpartyExecutive from './locales/en/counterparty-executive.json';
import type counterpartyVat from './locales/en/counterparty-vat.json';
import type counterpartyMerge from './locales/en/counterparty-merge.json';
import type paymentRuns from './locales/en/payment-runs.json';
import type transactions from './locales/en/transactions.json';
import type exportsLocale from './locales/en/exports.json';
import type downloads from './locales/en/downloads.json';
import type exportSettings from './locales/en/export-settings.json';
import type bankConnections from './locales/en/bank-connections.json';
import type bankTransactions from './locales/en/bank-transactions.json';
import type receivables from './locales/en/receivables.json';
import type paymentReminders from './locales/en/payment-reminders.json';
import type notifications from './locales/en/notifications.json';
import type invoiceDetail from './locales/en/invoice-detail.json';
import type invoices from './locales/en/invoices.json';
import type legal from './locales/en/legal.json';
import type masterData from './locales/en/master-data.json';
import type onboarding from './locales/en/onboarding.json';
import type organization from './locales/en/organization.json';
import type settings from './locales/en/settings.json';
import type shell from './locales/en/shell.json';
import type subscription from './locales/en/subscription.json';
import type team from './locales/en/team.json';
import type titles from './locales/en/titles.json';
import type welcome from './locales/en/welcome.json';

/** Typed translation keys: a key missing from the English files fails the typecheck (the parity test covers German). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      titles: typeof titles;
      shell: typeof shell;
      auth: typeof auth;
      welcome: typeof welcome;
      legal: typeof legal;
      organization: typeof organization;
      subscription: typeof subscription;
      settings: typeof settings;
      onboarding: typeof onboarding;
      invoices: typeof invoices;
      'master-data': typeof masterData;
      'invoice-detail': typeof invoiceDetail;
      'approval-flows': typeof approvalFlows;
      absences: typeof absences;
      counterparties: typeof counterparties;
      'counterparty-verification': typeof counterpartyVerification;
      'counterparty-executive': typeof counterpartyExecutive;
      'counterparty-vat': typeof counterpartyVat;
      'counterparty-import': typeof counterpartyImport;
      'counterparty-merge': typeof counterpartyMerge;
      'payment-runs': typeof paymentRuns;
      transactions: typeof transactions;
      exports: typeof exportsLocale;
      downloads: typeof downloads;
      'export-settings': typeof exportSettings;
      'bank-connections': typeof bankConnections;
      'bank-transactions': typeof bankTransactions;
      receivables: typeof receivables;
      'payment-reminders': typeof paymentReminders;
      notifications: typeof notifications;
      team: typeof team;
      errors: typeof errors;
      validation: typeof validation;
    };
  }
}
