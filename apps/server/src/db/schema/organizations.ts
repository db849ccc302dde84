import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  CompanyDetails,
  NotificationOption,
  PaymentRunCreationStrategy,
  PaymentStrategy,
  RequiredFieldSettings,
  RequiredVerifiersPolicy,
} from '@kontor/domain';
import { users } from './identity';

/** The tenant root. Its row-level policy lets a request see its own organisation only. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  authId: text('auth_id').notNull().unique(),
  name: text('name').notNull(),
  logoKey: text('logo_key'),
  apNumberingEnabled: boolean('ap_numbering_enabled').notNull().default(true),
  apStartNumber: integer('ap_start_number').notNull().default(70000),
  arNumberingEnabled: boolean('ar_numbering_enabled').notNull().default(true),
  arStartNumber: integer('ar_start_number').notNull().default(10000),
  requiredFields: jsonb('required_fields').$type<RequiredFieldSettings>().notNull(),
  paymentRunCreationStrategy: jsonb('payment_run_creation_strategy').$type<PaymentRunCreationStrategy>().notNull(),
  paymentStrategy: text('payment_strategy').$type<PaymentStrategy>().notNull().default('due_date'),
  /** Executive verification: how many of the named verifiers must approve (SPEC §4). */
  requiredVerifiers: jsonb('required_verifiers')
    .$type<RequiredVerifiersPolicy>()
    .notNull()
    .default(sql`'"one"'::jsonb`),
  /** Approvers are reminded of invoices waiting longer than this many days; null: no reminders. */
  approvalReminderDays: integer('approval_reminder_days').default(3),
  /** The four-eyes principle (issue 59): on unless an admin switched it off. */
  fourEyesApproval: boolean('four_eyes_approval').notNull().default(true),
  /** Bank matching (issue 62): exact proposals are applied without a person. */
  bankAutoMatch: boolean('bank_auto_match').notNull().default(true),
  /** A difference up to this (minor units) still counts as the amount fitting: bank fees, rounding. */
  bankMatchTolerance: integer('bank_match_tolerance').notNull().default(0),
  /** The issuer of outgoing invoices (issue 65); keys missing in older rows read as null. */
  companyDetails: jsonb('company_details').$type<Partial<CompanyDetails>>().notNull().default({}),
  /** Daily jobs (payment reminders, digests) run on business mornings here (issue 66). */
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  /** Whose public holidays are no business days: a country (DE, AT) or its state (DE-BY, AT-9). */
  holidayRegion: text('holiday_region').notNull().default('DE'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's role and permissions inside one organisation. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'admin' | 'user'>().notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    onboardingSteps: text('onboarding_steps')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The e-mail notifications the member chose here (SPEC §6; packages/domain NOTIFICATION_OPTIONS). */
    notificationOptions: text('notification_options')
      .array()
      .$type<NotificationOption[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Role and permission changes are versioned: a stale edit is refused (issue 67). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] }), index('memberships_user_idx').on(table.userId)],
);

export const subscriptions = pgTable('subscriptions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  plan: text('plan').$type<'starter' | 'growth' | 'professional'>().notNull(),
  interval: text('interval').$type<'monthly' | 'annual'>().notNull(),
  status: text('status').$type<'trialing' | 'active' | 'past_due' | 'canceled'>().notNull(),
  additionalPacks: integer('additional_packs').notNull().default(0),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Metered usage per organisation and month (invoices, verifications), for plan limits. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    metric: text('metric').$type<'invoices' | 'verifications'>().notNull(),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.metric, table.month] })],
);
