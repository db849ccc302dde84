import { z } from 'zod';
import { requiredVerifiersPolicySchema } from './counterparties/verification';
import { companyDetailsSchema } from './receivables/invoice-documents';
import { holidayRegionSchema, timeZoneSchema } from './calendar';

/** Invoice fields whose requirement an organisation can configure (SPEC §5). */
export const REQUIRABLE_INVOICE_FIELDS = [
  'counterparty',
  'counterpartyVat',
  'purchaseOrder',
  'billingPeriod',
  'paymentTerms',
  'costCenter',
  'costCenter2',
  'ledgerAccount',
  'taxCode',
  'remittanceInformation',
  'notes',
  'lineItems',
  'attachments',
] as const;
export const requirableInvoiceFieldSchema = z.enum(REQUIRABLE_INVOICE_FIELDS);
export type RequirableInvoiceField = z.infer<typeof requirableInvoiceFieldSchema>;

/** When a configured field becomes mandatory in an invoice's life. */
export const REQUIREMENT_LEVELS = ['not_required', 'request_approval', 'first_approval', 'last_approval'] as const;
export const requirementLevelSchema = z.enum(REQUIREMENT_LEVELS);
export type RequirementLevel = z.infer<typeof requirementLevelSchema>;

export const requiredFieldSettingsSchema = z
  .object(
    Object.fromEntries(REQUIRABLE_INVOICE_FIELDS.map((field) => [field, requirementLevelSchema])) as Record<
      RequirableInvoiceField,
      typeof requirementLevelSchema
    >,
  )
  .strict();
export type RequiredFieldSettings = z.infer<typeof requiredFieldSettingsSchema>;

export const DEFAULT_REQUIRED_FIELDS: RequiredFieldSettings = Object.fromEntries(
  REQUIRABLE_INVOICE_FIELDS.map((field) => [field, 'not_required']),
) as RequiredFieldSettings;

/** SPEC §9: automatic payment-run creation. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const; // ISO weekday numbers, Monday = 1
export const paymentRunCreationStrategySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('disabled') }),
  z.object({
    mode: z.literal('days_before_due'),
    daysBeforeDue: z.number().int().min(0).max(60),
  }),
  z.object({
    mode: z.literal('scheduled_weekdays'),
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'duplicate_weekday' }),
    includeAllDueUntilNextRun: z.boolean(),
  }),
]);
export type PaymentRunCreationStrategy = z.infer<typeof paymentRunCreationStrategySchema>;

/** SPEC §9: pay on the due date (or the skonto date while skonto applies), or as soon as possible. */
export const PAYMENT_STRATEGIES = ['due_date', 'as_soon_as_possible'] as const;
export const paymentStrategySchema = z.enum(PAYMENT_STRATEGIES);
export type PaymentStrategy = z.infer<typeof paymentStrategySchema>;

export const numberingSchema = z.object({
  enabled: z.boolean(),
  startNumber: z.number().int().min(1).max(999_999_999),
});
export type Numbering = z.infer<typeof numberingSchema>;

/**
 * Approval reminders: approvers are reminded on business mornings of invoices that have waited
 * for them longer than this many days; null turns reminders off.
 */
export const APPROVAL_REMINDER_DAYS_MAX = 30;
export const approvalReminderDaysSchema = z.number().int().min(1).max(APPROVAL_REMINDER_DAYS_MAX).nullable();

/** At most 100.00 in the invoice's currency: more is no longer a fee or rounding but a different amount. */
export const BANK_MATCH_TOLERANCE_MAX = 10_000;
export const bankMatchToleranceSchema = z.number().int().min(0).max(BANK_MATCH_TOLERANCE_MAX);

export const organizationSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  authId: z.string(),
  name: z.string(),
  hasLogo: z.boolean(),
  accountsPayableNumbering: numberingSchema,
  accountsReceivableNumbering: numberingSchema,
  requiredFields: requiredFieldSettingsSchema,
  paymentRunCreationStrategy: paymentRunCreationStrategySchema,
  paymentStrategy: paymentStrategySchema,
  /** Executive verification: one, all or a custom number of the named verifiers must approve (SPEC §4). */
  requiredVerifiers: requiredVerifiersPolicySchema,
  approvalReminderDays: approvalReminderDaysSchema,
  /**
   * The four-eyes principle (issue 59): who uploaded an invoice or requested its approval, or
   * created a payment run, may not give its final approval (approvals/four-eyes.ts). On for new
   * organisations; an admin may switch it off.
   */
  fourEyesApproval: z.boolean(),
  /** Bank matching (issue 62): exact proposals are applied without a person. */
  bankAutoMatch: z.boolean(),
  /** Minor units: a difference up to this still counts as the amount fitting (bank fees, rounding). */
  bankMatchTolerance: bankMatchToleranceSchema,
  /** The issuer of outgoing invoices: address, tax numbers, contact (issue 65). */
  companyDetails: companyDetailsSchema,
  /** Daily jobs (payment reminders, digests) run on business mornings in this zone and region (issue 66). */
  timeZone: timeZoneSchema,
  holidayRegion: holidayRegionSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const ORGANIZATION_NAME_MAX = 120;
export const organizationNameSchema = z.string().trim().min(1).max(ORGANIZATION_NAME_MAX);

export const createOrganizationBodySchema = z.object({ name: organizationNameSchema });
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

/** PUT /organization: the fields an admin edits on the general settings tab; `version` guards stale edits. */
export const updateOrganizationBodySchema = z.object({
  version: z.number().int(),
  name: organizationNameSchema.optional(),
  accountsPayableNumbering: numberingSchema.optional(),
  accountsReceivableNumbering: numberingSchema.optional(),
  paymentRunCreationStrategy: paymentRunCreationStrategySchema.optional(),
  paymentStrategy: paymentStrategySchema.optional(),
  requiredVerifiers: requiredVerifiersPolicySchema.optional(),
  approvalReminderDays: approvalReminderDaysSchema.optional(),
  fourEyesApproval: z.boolean().optional(),
  bankAutoMatch: z.boolean().optional(),
  bankMatchTolerance: bankMatchToleranceSchema.optional(),
  companyDetails: companyDetailsSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  holidayRegion: holidayRegionSchema.optional(),
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const updateRequiredFieldsBodySchema = z.object({
  version: z.number().int(),
  requiredFields: requiredFieldSettingsSchema,
});
export type UpdateRequiredFieldsBody = z.infer<typeof updateRequiredFieldsBodySchema>;

export const signedUrlSchema = z.object({ url: z.string().nullable(), expiresAt: z.string().nullable() });
export type SignedUrl = z.infer<typeof signedUrlSchema>;

/** Logo upload limits (SPEC §9: 250×250 recommended). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_RECOMMENDED_PX = 250;

/** A membership as the organisation switcher lists it. */
export const organizationMembershipSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'user']),
});
export type OrganizationMembership = z.infer<typeof organizationMembershipSchema>;
