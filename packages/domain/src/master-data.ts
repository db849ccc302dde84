import { z } from 'zod';
import { isBic, isIban, normalizeIban } from './iban';
import { LEDGER_ACCOUNT_PATTERN } from './invoices/invoice-rules';

/** Cost centres (SPEC §3): code and type 1 (KOST1) or 2 (KOST2); unique by code within a type. */
export const COST_CENTER_TYPES = [1, 2] as const;
export const costCenterSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  version: z.number().int(),
});
export type CostCenter = z.infer<typeof costCenterSchema>;
export const costCenterInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(20, { message: 'too_long' })
    .regex(/^[\w.-]+$/, { message: 'invalid_code' }),
  name: z.string().trim().max(100, { message: 'too_long' }).default(''),
  type: z.union([z.literal(1), z.literal(2)]),
});

/** Ledger accounts (SPEC §3, §5): numeric code and a name, shown as "0000 - Name". */
export const ledgerAccountSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string(), version: z.number().int() });
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;
export const ledgerAccountInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { message: 'ledger_account_format' }),
  name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }),
});
export function formatLedgerAccount(account: { code: string; name: string }): string {
  return `${account.code} - ${account.name}`;
}
export { LEDGER_ACCOUNT_PATTERN };

/** Tax keys (SPEC §3, §4): the system keys are locked except their external code. */
export const TAX_KEY_TYPES = ['SALE', 'PURCHASE', 'OTHER'] as const;
export const taxKeyTypeSchema = z.enum(TAX_KEY_TYPES);
export const SYSTEM_TAX_KEYS = [
  { name: 'SALE_STD', type: 'SALE', rate: 1900 },
  { name: 'SALE_RED1', type: 'SALE', rate: 700 },
  { name: 'SALE_RED2', type: 'SALE', rate: null },
  { name: 'SALE_ZERO', type: 'SALE', rate: 0 },
  { name: 'SALE_EXEMPT', type: 'SALE', rate: 0 },
  { name: 'SALE_IC_SUPPLY', type: 'SALE', rate: 0 },
  { name: 'SALE_EXPORT', type: 'SALE', rate: 0 },
  { name: 'PUR_STD', type: 'PURCHASE', rate: 1900 },
  { name: 'PUR_RED1', type: 'PURCHASE', rate: 700 },
  { name: 'PUR_RED2', type: 'PURCHASE', rate: null },
  { name: 'PUR_IC_ACQ', type: 'PURCHASE', rate: 1900 },
  { name: 'IMPORT_VAT', type: 'PURCHASE', rate: 1900 },
  { name: 'SALE_RC', type: 'SALE', rate: 0 },
  { name: 'PUR_RC', type: 'PURCHASE', rate: 1900 },
] as const satisfies readonly { name: string; type: (typeof TAX_KEY_TYPES)[number]; rate: number | null }[];

export const taxKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  externalCode: z.string().nullable(),
  type: taxKeyTypeSchema,
  description: z.string().nullable(),
  rate: z.number().int().nullable(),
  isSystem: z.boolean(),
  version: z.number().int(),
});
export type TaxKey = z.infer<typeof taxKeySchema>;
export const taxKeyInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(50, { message: 'too_long' }),
  externalCode: z.string().trim().max(20, { message: 'too_long' }).nullable(),
  type: taxKeyTypeSchema,
  description: z.string().trim().max(200, { message: 'too_long' }).nullable(),
  rate: z.number().int().min(0).max(10_000).nullable(),
});
/** What may change on a system key. */
export const systemTaxKeyInputSchema = z.object({ externalCode: z.string().trim().max(20, { message: 'too_long' }).nullable() });

/** A company bank account (the debitor of payments); the bank-connection issue extends it. */
export const companyBankAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  isDefaultDebitor: z.boolean(),
  /** The G/L account (Finanzkonto, e.g. 1200 Bank) an accounting export books this account's payments on. */
  ledgerAccountId: z.uuid().nullable(),
  accessValidUntil: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  version: z.number().int(),
});
export type CompanyBankAccount = z.infer<typeof companyBankAccountSchema>;
export const companyBankAccountInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }),
  iban: z
    .string()
    .trim()
    .refine(isIban, { message: 'invalid_iban' })
    .transform((value) => normalizeIban(value)),
  bic: z
    .string()
    .trim()
    .nullable()
    .refine((value) => !value || isBic(value), { message: 'invalid_bic' })
    .transform((value) => (value ? value.replace(/\s+/g, '').toUpperCase() : null)),
  isDefaultDebitor: z.boolean(),
  ledgerAccountId: z.uuid({ message: 'invalid_choice' }).nullable().default(null),
});

/** The CSV import answer: what was created and which rows were skipped, and why. */
export const importResultSchema = z.object({
  created: z.number().int(),
  skipped: z.array(
    z.object({ row: z.number().int(), code: z.string(), reason: z.enum(['exists', 'duplicate_in_file', 'invalid']) }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const listResponse = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
