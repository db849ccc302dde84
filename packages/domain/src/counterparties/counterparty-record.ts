import { z } from 'zod';
import { listExportFormatSchema } from '../list-export';
import { isIban, normalizeIban } from '../iban';
import {
  counterpartyNameSchema,
  createCounterpartyInlineSchema,
  optionalBicSchema,
  optionalVatNumberSchema,
} from '../counterparty';
import { vatCheckStateSchema } from './vat-check';
import { invoiceLanguageSchema, optionalLeitwegIdSchema } from '../receivables/customer-invoicing';

/**
 * The counterparty record of SPEC §3 (suppliers and customers) as the counterparties screens and
 * API use it: one schema for the form and the server (ARCHITECTURE §3.1). Verification, VAT
 * check, merge and import build on it.
 */

/** EU member states first in the country list (SPEC-adjacent: the issue asks for EU first). */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the user's language. */
export const COUNTRY_CODES = [
  ...EU_COUNTRY_CODES,
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BF',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'DJ',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EG',
  'EH',
  'ER',
  'ET',
  'FJ',
  'FK',
  'FM',
  'FO',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HT',
  'ID',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PM',
  'PN',
  'PR',
  'PS',
  'PW',
  'PY',
  'QA',
  'RE',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SG',
  'SH',
  'SJ',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
export const countryCodeSchema = z.enum(COUNTRY_CODES);

/** SPEC §5 examples: accounts payable number 30005, accounts receivable number 10005 (DATEV: 5–9 digits). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{5,9}$/;

export const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .nullable()
    .transform((value) => (value ? value : null));

/** A required, valid IBAN, normalised (no spaces, upper case). */
export const requiredIbanSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .refine((value) => isIban(value), { message: 'invalid_iban' })
  .transform((value) => normalizeIban(value));

export const counterpartyBankAccountInputSchema = z.object({
  /** Present for an account that exists already (kept with its verification history). */
  id: z.uuid().optional(),
  name: z.string().trim().max(100, { message: 'too_long' }),
  iban: requiredIbanSchema,
  bic: optionalBicSchema,
});
export type CounterpartyBankAccountInput = z.infer<typeof counterpartyBankAccountInputSchema>;

/** The fields of a counterparty, as the form and the API write them. */
const counterpartyFieldsShape = {
  name: counterpartyNameSchema,
  vatNumber: optionalVatNumberSchema,
  email: optionalText(320).refine((value) => value === null || EMAIL_PATTERN.test(value), { message: 'invalid_email' }),
  description: optionalText(2000),
  street: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  country: countryCodeSchema.nullable(),
  bankAccounts: z.array(counterpartyBankAccountInputSchema).max(20),
  /** Null: the next number from the organisation's start number (SPEC §3 numbering). */
  accountsPayableNumber: optionalText(9).refine((value) => value === null || ACCOUNT_NUMBER_PATTERN.test(value), {
    message: 'ap_number_format',
  }),
  accountsReceivableNumber: optionalText(9).refine((value) => value === null || ACCOUNT_NUMBER_PATTERN.test(value), {
    message: 'ar_number_format',
  }),
  defaultLedgerAccountId: z.uuid().nullable(),
  paymentTermsDays: z.number().int().min(0).max(365).nullable(),
  skontoDays: z.number().int().min(0).max(365).nullable(),
  /** Basis points (2 % = 200). */
  skontoRate: z.number().int().min(1).max(10_000).nullable(),
  paymentRemindersEnabled: z.boolean(),
  /** SPEC §5: one or more valid addresses, comma separated. */
  paymentReminderEmails: optionalText(2000),
  /** The buyer reference of a German public-sector customer (XRechnung BT-10). */
  leitwegId: optionalLeitwegIdSchema,
  /** The language of the invoices Kontor writes to this customer. */
  invoiceLanguage: invoiceLanguageSchema,
};

type CounterpartyFieldsShape = z.infer<z.ZodObject<typeof counterpartyFieldsShape>>;

/** The rules across fields: bank accounts, skonto terms, reminder addresses. */
function checkCounterpartyFields(fields: CounterpartyFieldsShape, context: z.RefinementCtx): void {
  // SPEC §5: a bank account needs a unique name and IBAN combination.
  const seen = new Set<string>();
  fields.bankAccounts.forEach((account, index) => {
    const key = `${account.name.toLowerCase()}|${account.iban}`;
    if (seen.has(key))
      context.addIssue({ code: 'custom', path: ['bankAccounts', index, 'iban'], message: 'bank_account_duplicate' });
    seen.add(key);
  });
  if ((fields.skontoDays === null) !== (fields.skontoRate === null)) {
    context.addIssue({
      code: 'custom',
      path: [fields.skontoDays === null ? 'skontoDays' : 'skontoRate'],
      message: 'skonto_terms_incomplete',
    });
  }
  const emails = splitReminderEmails(fields.paymentReminderEmails);
  if (emails.some((email) => !EMAIL_PATTERN.test(email))) {
    context.addIssue({ code: 'custom', path: ['paymentReminderEmails'], message: 'reminder_emails_invalid' });
  } else if (fields.paymentRemindersEnabled && emails.length === 0) {
    context.addIssue({ code: 'custom', path: ['paymentReminderEmails'], message: 'reminder_emails_required' });
  }
}

/** The counterparty form and PUT /api/counterparties/:id (every field: a PUT replaces the record). */
export const counterpartyFieldsSchema = z.object(counterpartyFieldsShape).superRefine(checkCounterpartyFields);
export type CounterpartyFields = z.infer<typeof counterpartyFieldsSchema>;
export type CounterpartyFieldsInput = z.input<typeof counterpartyFieldsSchema>;

/**
 * POST /api/counterparties: only the name is required; a field left out is empty (no bank
 * accounts, reminders off), so an API client sends what it knows. The web form sends every field.
 */
export const createCounterpartyBodySchema = z
  .object({
    ...counterpartyFieldsShape,
    vatNumber: counterpartyFieldsShape.vatNumber.default(null),
    email: counterpartyFieldsShape.email.default(null),
    description: counterpartyFieldsShape.description.default(null),
    street: counterpartyFieldsShape.street.default(null),
    zip: counterpartyFieldsShape.zip.default(null),
    city: counterpartyFieldsShape.city.default(null),
    country: counterpartyFieldsShape.country.default(null),
    bankAccounts: counterpartyFieldsShape.bankAccounts.default([]),
    accountsPayableNumber: counterpartyFieldsShape.accountsPayableNumber.default(null),
    accountsReceivableNumber: counterpartyFieldsShape.accountsReceivableNumber.default(null),
    defaultLedgerAccountId: counterpartyFieldsShape.defaultLedgerAccountId.default(null),
    paymentTermsDays: counterpartyFieldsShape.paymentTermsDays.default(null),
    skontoDays: counterpartyFieldsShape.skontoDays.default(null),
    skontoRate: counterpartyFieldsShape.skontoRate.default(null),
    paymentRemindersEnabled: counterpartyFieldsShape.paymentRemindersEnabled.default(false),
    paymentReminderEmails: counterpartyFieldsShape.paymentReminderEmails.default(null),
    leitwegId: counterpartyFieldsShape.leitwegId.default(null),
    invoiceLanguage: counterpartyFieldsShape.invoiceLanguage.default('de'),
  })
  .superRefine(checkCounterpartyFields);

/**
 * POST /api/counterparties/inline: the supplier created from an invoice, with everything the
 * document said of it (name, VAT number, IBAN/BIC and the address and e-mail), so nothing read is
 * typed twice. Address and e-mail may be left out (null).
 */
export const createCounterpartyFromInvoiceSchema = createCounterpartyInlineSchema.extend({
  email: counterpartyFieldsShape.email.default(null),
  street: counterpartyFieldsShape.street.default(null),
  zip: counterpartyFieldsShape.zip.default(null),
  city: counterpartyFieldsShape.city.default(null),
  country: counterpartyFieldsShape.country.default(null),
});
export type CreateCounterpartyFromInvoice = z.infer<typeof createCounterpartyFromInvoiceSchema>;

/**
 * A counterparty with nothing filled in: the new-record form's start, and the base that tests and
 * fixtures fill the fields they care about into (a fresh object each call: it holds an array).
 */
export function emptyCounterpartyFields(): CounterpartyFieldsInput & { country: null } {
  return {
    name: '',
    vatNumber: null,
    email: null,
    description: null,
    street: null,
    zip: null,
    city: null,
    country: null,
    bankAccounts: [],
    accountsPayableNumber: null,
    accountsReceivableNumber: null,
    defaultLedgerAccountId: null,
    paymentTermsDays: null,
    skontoDays: null,
    skontoRate: null,
    paymentRemindersEnabled: false,
    paymentReminderEmails: null,
    leitwegId: null,
    invoiceLanguage: 'de',
  };
}

export function splitReminderEmails(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email.length > 0);
}

export const updateCounterpartyBodySchema = counterpartyFieldsSchema.and(z.object({ version: z.number().int().min(1) }));
export type UpdateCounterpartyBody = z.infer<typeof updateCounterpartyBodySchema>;

export const counterpartyBankAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/counterparties/:id */
export const counterpartySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  bankAccounts: z.array(counterpartyBankAccountSchema),
  accountsPayableNumber: z.string().nullable(),
  accountsReceivableNumber: z.string().nullable(),
  defaultLedgerAccountId: z.uuid().nullable(),
  paymentTermsDays: z.number().int().nullable(),
  skontoDays: z.number().int().nullable(),
  skontoRate: z.number().int().nullable(),
  paymentRemindersEnabled: z.boolean(),
  paymentReminderEmails: z.string().nullable(),
  leitwegId: z.string().nullable(),
  invoiceLanguage: invoiceLanguageSchema,
  isTrusted: z.boolean(),
  trustedAt: z.string().nullable(),
  trustedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The VIES check of the VAT number (SPEC §4); null without a VAT number. */
  vatCheck: vatCheckStateSchema.nullable(),
  invoiceCount: z.number().int(),
  openInvoiceCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

/** GET /api/counterparties: keyset pages by name (ARCHITECTURE §4). */
/**
 * A counterparty's verification state on the list (issue 6 item 1), over the latest verification
 * of each of its bank accounts, by e-mail or by executives: mismatch when any latest one was
 * answered with another IBAN or rejected; pending while one is under way; verified when every
 * account's current IBAN was confirmed or approved; unverified otherwise (also without accounts).
 */
export const COUNTERPARTY_VERIFICATION_STATES = ['verified', 'pending', 'mismatch', 'unverified'] as const;
export type CounterpartyVerificationState = (typeof COUNTERPARTY_VERIFICATION_STATES)[number];

export const counterpartyListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  trusted: z.enum(['true', 'false']).optional(),
  hasOpenInvoices: z.enum(['true', 'false']).optional(),
  verification: z.enum(COUNTERPARTY_VERIFICATION_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type CounterpartyListQuery = z.infer<typeof counterpartyListQuerySchema>;

/** GET /api/counterparties/export: the list's search and filters, every row, as a file. */
export const counterpartyExportQuerySchema = counterpartyListQuerySchema
  .omit({ limit: true, cursor: true })
  .extend({ format: listExportFormatSchema });
export type CounterpartyExportQuery = z.infer<typeof counterpartyExportQuerySchema>;

export const counterpartyListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  accountsPayableNumber: z.string().nullable(),
  accountsReceivableNumber: z.string().nullable(),
  isTrusted: z.boolean(),
  bankAccountCount: z.number().int(),
  openInvoiceCount: z.number().int(),
  verificationState: z.enum(COUNTERPARTY_VERIFICATION_STATES),
});
export type CounterpartyListItem = z.infer<typeof counterpartyListItemSchema>;

export const counterpartyListResponseSchema = z.object({
  items: z.array(counterpartyListItemSchema),
  nextCursor: z.string().nullable(),
});

/** 409 counterparty_in_use: what still refers to the counterparty (SPEC §5: listed). */
export const counterpartyBlockersSchema = z.object({ invoices: z.number().int(), transactions: z.number().int() });

/** POST /api/counterparties/:id/trust and /untrust: the version the user saw (ARCHITECTURE §3.8). */
export const counterpartyTrustBodySchema = z.object({ version: z.number().int().min(1) });
export type CounterpartyTrustBody = z.infer<typeof counterpartyTrustBodySchema>;
