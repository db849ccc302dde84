import { z } from 'zod';
import { normalizeIban } from '../iban';
import {
  counterpartyFieldsSchema,
  counterpartySchema,
  type Counterparty,
  type CounterpartyFields,
  type CounterpartyFieldsInput,
} from './counterparty-record';

/**
 * Merging two counterparties (SPEC §5 §8, issue 6 item 7): the user picks the survivor and, per
 * field, whose value stays; everything that names the other one moves to the survivor and the
 * other one is deleted. This file holds the request and preview shapes and the pure rules:
 * which value each field gets and how the two sets of bank accounts combine.
 */

/** Every scalar field of the counterparty record; `trust` stands for trusted, since when and by whom together. */
export const MERGEABLE_FIELDS = [
  'name',
  'vatNumber',
  'email',
  'description',
  'street',
  'zip',
  'city',
  'country',
  'accountsPayableNumber',
  'accountsReceivableNumber',
  'defaultLedgerAccountId',
  'paymentTermsDays',
  'skontoDays',
  'skontoRate',
  'paymentRemindersEnabled',
  'paymentReminderEmails',
  'trust',
] as const;
export type MergeableField = (typeof MERGEABLE_FIELDS)[number];
export const mergeableFieldSchema = z.enum(MERGEABLE_FIELDS);

export const MERGE_SIDES = ['survivor', 'merged'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/**
 * Fields where "empty" is a value of its own rather than a gap: a survivor's `false` or untrusted
 * state is kept unless the user picks the other side (trust in particular never arrives by default).
 */
const FIELDS_WITHOUT_EMPTY_FALLBACK: ReadonlySet<MergeableField> = new Set(['paymentRemindersEnabled', 'trust']);

const twoDistinctIds = <T extends { survivorId: string; mergedId: string }>(value: T) => value.survivorId !== value.mergedId;
/** SPEC §8 "merging needs exactly 2 selected": the same counterparty twice is not a merge. */
const DISTINCT_IDS_ISSUE = { path: ['mergedId'], message: 'merge_needs_two' };

/** GET /api/counterparties/merge-preview */
export const counterpartyMergePreviewQuerySchema = z
  .object({ survivorId: z.uuid(), mergedId: z.uuid() })
  .refine(twoDistinctIds, DISTINCT_IDS_ISSUE);
export type CounterpartyMergePreviewQuery = z.infer<typeof counterpartyMergePreviewQuerySchema>;

/** POST /api/counterparties/merge: both versions as the user saw them (ARCHITECTURE §3.8). */
export const counterpartyMergeBodySchema = z
  .object({
    survivorId: z.uuid(),
    mergedId: z.uuid(),
    survivorVersion: z.number().int().min(1),
    mergedVersion: z.number().int().min(1),
    fieldChoices: z.partialRecord(mergeableFieldSchema, z.enum(MERGE_SIDES)).default({}),
  })
  .refine(twoDistinctIds, DISTINCT_IDS_ISSUE);
export type CounterpartyMergeBody = z.infer<typeof counterpartyMergeBodySchema>;
export type CounterpartyMergeBodyInput = z.input<typeof counterpartyMergeBodySchema>;
export type MergeFieldChoices = CounterpartyMergeBody['fieldChoices'];

/** What moves from the merged counterparty to the survivor. */
export const counterpartyMergeMovesSchema = z.object({
  invoices: z.number().int(),
  transactions: z.number().int(),
  bankAccounts: z.number().int(),
  /** Accounts of the merged one whose IBAN the survivor has already: dropped, their history kept on the survivor's. */
  duplicateBankAccounts: z.number().int(),
  emailVerifications: z.number().int(),
  executiveVerifications: z.number().int(),
  /** Payments already made to it (uploaded history, exports): the fraud checks read them per counterparty. */
  paymentHistory: z.number().int(),
  /** Outgoing invoices to it (accounts receivable). */
  receivables: z.number().int(),
});
export type CounterpartyMergeMoves = z.infer<typeof counterpartyMergeMovesSchema>;

export const counterpartyMergePreviewSchema = z.object({
  survivor: counterpartySchema,
  merged: counterpartySchema,
  differingFields: z.array(mergeableFieldSchema),
  moves: counterpartyMergeMovesSchema,
  /** Either one is trusted: the screen says so, since trust decides how much scrutiny payments get. */
  hasTrustedCounterparty: z.boolean(),
});
export type CounterpartyMergePreview = z.infer<typeof counterpartyMergePreviewSchema>;

/** The part of a counterparty that merging reads: its API shape (GET /api/counterparties/:id). */
export type MergeSource = Pick<
  Counterparty,
  Exclude<MergeableField, 'trust'> | 'isTrusted' | 'trustedAt' | 'trustedBy' | 'bankAccounts' | 'leitwegId' | 'invoiceLanguage'
>;

/** A field's value for comparing and showing; trust compares by the flag alone. */
export function mergeFieldValue(record: MergeSource, field: MergeableField): string | number | boolean | null {
  if (field === 'trust') return record.isTrusted;
  return record[field];
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The fields whose values differ between the two: the ones the user has a choice for. */
export function listDifferingMergeFields(survivor: MergeSource, merged: MergeSource): MergeableField[] {
  return MERGEABLE_FIELDS.filter((field) => mergeFieldValue(survivor, field) !== mergeFieldValue(merged, field));
}

/**
 * Whose value each field takes: the user's choice where given; otherwise the survivor's, unless
 * that is empty and the merged one has a value (a merge should not lose data nobody chose against).
 */
export function resolveMergeSides(
  survivor: MergeSource,
  merged: MergeSource,
  choices: MergeFieldChoices,
): Record<MergeableField, MergeSide> {
  const sides = {} as Record<MergeableField, MergeSide>;
  for (const field of MERGEABLE_FIELDS) {
    const chosen = choices[field];
    if (chosen) sides[field] = chosen;
    else if (FIELDS_WITHOUT_EMPTY_FALLBACK.has(field)) sides[field] = 'survivor';
    else {
      const takeMerged = isEmptyValue(mergeFieldValue(survivor, field)) && !isEmptyValue(mergeFieldValue(merged, field));
      sides[field] = takeMerged ? 'merged' : 'survivor';
    }
  }
  return sides;
}

export interface BankAccountLike {
  id: string;
  name: string;
  iban: string;
  bic: string | null;
}

export interface CombinedBankAccounts<T extends BankAccountLike> {
  /** The merged one's accounts that move to the survivor as they are. */
  moved: T[];
  /** The merged one's accounts whose IBAN the survivor has: dropped, their history re-pointed to `survivorAccountId`. */
  duplicates: { mergedAccountId: string; survivorAccountId: string; iban: string }[];
}

/**
 * The same IBAN is the same account, whatever either side called it: keeping both would show one
 * payee account twice (and, with equal names, break the (counterparty, name, IBAN) unique index).
 */
export function combineBankAccounts<T extends BankAccountLike>(
  survivorAccounts: T[],
  mergedAccounts: T[],
): CombinedBankAccounts<T> {
  const survivorByIban = new Map<string, T>();
  for (const account of survivorAccounts) {
    const iban = normalizeIban(account.iban);
    if (!survivorByIban.has(iban)) survivorByIban.set(iban, account);
  }
  const combined: CombinedBankAccounts<T> = { moved: [], duplicates: [] };
  for (const account of mergedAccounts) {
    const iban = normalizeIban(account.iban);
    const twin = survivorByIban.get(iban);
    if (twin) combined.duplicates.push({ mergedAccountId: account.id, survivorAccountId: twin.id, iban });
    else combined.moved.push(account);
  }
  return combined;
}

export type MergeResolution =
  | {
      ok: true;
      /** The survivor's fields after the merge (numbers as chosen: null stays null, nothing is renumbered). */
      fields: CounterpartyFields;
      sides: Record<MergeableField, MergeSide>;
      /** The fields whose value came from the merged counterparty. */
      takenFromMerged: MergeableField[];
    }
  | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * The survivor's record after the merge, checked with the record's own rules (AP/AR number format,
 * skonto days and rate together, reminder e-mails, at most 20 bank accounts, …), so that a merge
 * never produces a counterparty the form would refuse.
 */
export function resolveMergedCounterparty(
  survivor: MergeSource,
  merged: MergeSource,
  choices: MergeFieldChoices,
): MergeResolution {
  const sides = resolveMergeSides(survivor, merged, choices);
  const pick = <F extends Exclude<MergeableField, 'trust'>>(field: F) => (sides[field] === 'merged' ? merged : survivor)[field];
  const accounts = combineBankAccounts(survivor.bankAccounts, merged.bankAccounts);
  const input: CounterpartyFieldsInput = {
    name: pick('name'),
    vatNumber: pick('vatNumber'),
    email: pick('email'),
    description: pick('description'),
    street: pick('street'),
    zip: pick('zip'),
    city: pick('city'),
    country: pick('country') as CounterpartyFieldsInput['country'],
    bankAccounts: [...survivor.bankAccounts, ...accounts.moved].map(({ name, iban, bic }) => ({ name, iban, bic })),
    accountsPayableNumber: pick('accountsPayableNumber'),
    accountsReceivableNumber: pick('accountsReceivableNumber'),
    defaultLedgerAccountId: pick('defaultLedgerAccountId'),
    paymentTermsDays: pick('paymentTermsDays'),
    skontoDays: pick('skontoDays'),
    skontoRate: pick('skontoRate'),
    paymentRemindersEnabled: pick('paymentRemindersEnabled'),
    paymentReminderEmails: pick('paymentReminderEmails'),
    // Not offered as a choice: the survivor's own unless it has none.
    leitwegId: survivor.leitwegId ?? merged.leitwegId,
    invoiceLanguage: survivor.invoiceLanguage,
  };
  const parsed = counterpartyFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'fieldChoices';
      (fieldErrors[path] ??= []).push(issue.message);
    }
    return { ok: false, fieldErrors };
  }
  const takenFromMerged = MERGEABLE_FIELDS.filter((field) => sides[field] === 'merged');
  return { ok: true, fields: parsed.data, sides, takenFromMerged };
}
