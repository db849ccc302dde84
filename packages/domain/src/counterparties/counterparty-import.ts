import { z } from 'zod';
import { listResponse } from '../master-data';
import type { ImportColumnSpec } from '../master-data-import';
import { isValidationKey } from '../validation';
import { COUNTRY_CODES, counterpartyFieldsSchema, type CounterpartyFieldsInput } from './counterparty-record';

/**
 * Importing counterparties from CSV or XLSX (issue 6 item 8, SPEC §2 §5): the columns a file can
 * fill, the conversion of one row into the fields of a counterparty create (the very schema the
 * form and POST /api/counterparties use), and the import routes' schemas.
 */

/** Files above this are refused with 413 (20,000 rows with every column are about 4 MB). */
export const COUNTERPARTY_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** More rows are refused at upload: one import runs as one job and keeps its results in one row. */
export const COUNTERPARTY_IMPORT_MAX_ROWS = 50_000;
export const COUNTERPARTY_IMPORT_PREVIEW_ROWS = 20;

export const COUNTERPARTY_IMPORT_COLUMNS = [
  {
    key: 'name',
    required: true,
    aliases: ['name', 'firma', 'firmenname', 'unternehmen', 'geschäftspartner', 'lieferant', 'kunde', 'company', 'counterparty'],
  },
  {
    key: 'vatNumber',
    required: false,
    aliases: ['ustid', 'ustidnr', 'umsatzsteuerid', 'umsatzsteueridentifikationsnummer', 'vat', 'vatid', 'vatnumber', 'vatno'],
  },
  { key: 'email', required: false, aliases: ['email', 'emailadresse', 'mail'] },
  { key: 'description', required: false, aliases: ['beschreibung', 'notiz', 'bemerkung', 'description', 'note', 'notes'] },
  { key: 'street', required: false, aliases: ['straße', 'strasse', 'adresse', 'anschrift', 'street', 'address'] },
  { key: 'zip', required: false, aliases: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode'] },
  { key: 'city', required: false, aliases: ['ort', 'stadt', 'city', 'town'] },
  { key: 'country', required: false, aliases: ['land', 'staat', 'country', 'countrycode'] },
  { key: 'iban', required: false, aliases: ['iban', 'bankverbindung', 'kontoiban'] },
  { key: 'bic', required: false, aliases: ['bic', 'swift', 'swiftcode', 'swiftbic'] },
  {
    key: 'bankAccountName',
    required: false,
    aliases: ['kontoname', 'kontobezeichnung', 'bankname', 'bank', 'bankaccountname', 'accountname'],
  },
  {
    key: 'accountsPayableNumber',
    required: false,
    aliases: [
      'kreditorennummer',
      'kreditorennr',
      'kreditor',
      'apnumber',
      'accountspayablenumber',
      'suppliernumber',
      'vendornumber',
    ],
  },
  {
    key: 'accountsReceivableNumber',
    required: false,
    aliases: ['debitorennummer', 'debitorennr', 'debitor', 'arnumber', 'accountsreceivablenumber', 'customernumber'],
  },
  {
    key: 'paymentTermsDays',
    required: false,
    aliases: ['zahlungsziel', 'zahlungszieltage', 'zahlungsfrist', 'paymentterms', 'paymenttermsdays', 'termsdays'],
  },
  { key: 'skontoDays', required: false, aliases: ['skontotage', 'skontofrist', 'skontodays', 'discountdays'] },
  {
    key: 'skontoPercent',
    required: false,
    aliases: ['skonto', 'skontoprozent', 'skontosatz', 'skontopercent', 'skontorate', 'discountpercent', 'discount'],
  },
  {
    key: 'paymentReminderEmails',
    required: false,
    aliases: ['mahnemail', 'mahnungemail', 'zahlungserinnerungemail', 'reminderemails', 'reminderemail', 'paymentreminderemails'],
  },
] as const satisfies readonly ImportColumnSpec[];

export type CounterpartyImportColumn = (typeof COUNTERPARTY_IMPORT_COLUMNS)[number]['key'];
export const COUNTERPARTY_IMPORT_KEYS = COUNTERPARTY_IMPORT_COLUMNS.map((column) => column.key);

/**
 * Why a row was skipped: `code` is a validation key (validation.json) or an import-only key
 * (counterparty-import.json, see IMPORT_PROBLEM_CODES); `field` is the import column.
 */
export interface ImportRowProblem {
  field: CounterpartyImportColumn | 'row';
  code: string;
  params?: Record<string, string | number>;
}

/** Problems only an import has; their texts live in locales/{de,en}/counterparty-import.json. */
export const IMPORT_PROBLEM_CODES = [
  'invalid_country',
  'invalid_whole_number',
  'invalid_percent',
  'vat_number_exists',
  'vat_number_repeated',
  'number_repeated',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

/** Lower case, no spaces or punctuation, no accents: "Österreich" and "osterreich" meet. */
function foldName(value: string): string {
  return value
    .toLocaleLowerCase('de-DE')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Names the display names do not produce but files commonly carry. */
const EXTRA_COUNTRY_NAMES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  brd: 'DE',
  holland: 'NL',
  england: 'GB',
  uk: 'GB',
  grossbritannien: 'GB',
  usa: 'US',
  schweiz: 'CH',
  oesterreich: 'AT',
};

let countryNames: Map<string, string> | null = null;

/** German and English country names (Intl) → ISO code, built once. */
function countryNameIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>(Object.entries(EXTRA_COUNTRY_NAMES));
  for (const locale of ['en', 'de']) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code) index.set(foldName(name), code);
    }
  }
  countryNames = index;
  return index;
}

/** An ISO code (any case) or a German or English country name; null when neither. */
export function parseCountry(value: string): string | null {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if ((COUNTRY_CODES as readonly string[]).includes(upper)) return upper;
  return countryNameIndex().get(foldName(trimmed)) ?? null;
}

/** A whole number of days ("14", "14 Tage", "30 days"); null when it is not one. */
export function parseWholeNumber(value: string): number | null {
  const match = /^(\d{1,6})(?:[.,]0+)?(?:\s*(?:tage?|days?|d))?$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/**
 * A percentage as basis points: "2", "2,5", "2.5 %", "1.234,5"; a German decimal comma is read
 * as such (a percentage never has thousands). Null when it is not a number.
 */
export function parsePercentBasisPoints(value: string): number | null {
  const compact = value.trim().replace(/\s*%$/, '').replace(/\s+/g, '');
  if (!/^\d{1,5}([.,]\d{1,4})?$/.test(compact)) return null;
  return Math.round(Number(compact.replace(',', '.')) * 100);
}

/** One row's cells by import column ('' when the column is not mapped or empty). */
export type ImportRowCells = Partial<Record<CounterpartyImportColumn, string>>;

export type ImportRowConversion =
  { ok: true; fields: z.infer<typeof counterpartyFieldsSchema> } | { ok: false; problems: ImportRowProblem[] };

/** Where the form schema reports an issue, as the import column the user mapped. */
function columnOfIssue(path: readonly PropertyKey[]): CounterpartyImportColumn | 'row' {
  const [first, , third] = path;
  if (first === 'bankAccounts') return third === 'bic' ? 'bic' : third === 'name' ? 'bankAccountName' : 'iban';
  if (first === 'skontoRate') return 'skontoPercent';
  if (typeof first === 'string' && (COUNTERPARTY_IMPORT_KEYS as readonly string[]).includes(first)) {
    return first as CounterpartyImportColumn;
  }
  return 'row';
}

/**
 * One row → the fields of a counterparty create, checked by counterpartyFieldsSchema (every form
 * rule: name, IBAN, BIC, VAT format, AP/AR format, skonto pair, reminder e-mails). A row with
 * reminder e-mails turns reminders on. Uniqueness against the database is the server's part.
 */
export function convertImportRow(cells: ImportRowCells): ImportRowConversion {
  const text = (key: CounterpartyImportColumn) => (cells[key] ?? '').trim();
  const problems: ImportRowProblem[] = [];
  const optional = (key: CounterpartyImportColumn) => text(key) || null;

  const country = text('country') ? parseCountry(text('country')) : null;
  if (text('country') && country === null) problems.push({ field: 'country', code: 'invalid_country' });
  const days = (key: 'paymentTermsDays' | 'skontoDays') => {
    if (!text(key)) return null;
    const parsed = parseWholeNumber(text(key));
    if (parsed === null) problems.push({ field: key, code: 'invalid_whole_number' });
    return parsed;
  };
  const paymentTermsDays = days('paymentTermsDays');
  const skontoDays = days('skontoDays');
  let skontoRate: number | null = null;
  if (text('skontoPercent')) {
    skontoRate = parsePercentBasisPoints(text('skontoPercent'));
    if (skontoRate === null) problems.push({ field: 'skontoPercent', code: 'invalid_percent' });
  }
  const iban = text('iban');
  const reminderEmails = optional('paymentReminderEmails');

  const input: CounterpartyFieldsInput = {
    name: text('name'),
    vatNumber: optional('vatNumber'),
    email: optional('email'),
    description: optional('description'),
    street: optional('street'),
    zip: optional('zip'),
    city: optional('city'),
    country: country as CounterpartyFieldsInput['country'],
    // A BIC or account name without an IBAN is no bank account: the IBAN rule reports it as required.
    bankAccounts:
      iban || text('bic') || text('bankAccountName') ? [{ name: text('bankAccountName'), iban, bic: optional('bic') }] : [],
    accountsPayableNumber: optional('accountsPayableNumber'),
    accountsReceivableNumber: optional('accountsReceivableNumber'),
    defaultLedgerAccountId: null,
    paymentTermsDays,
    skontoDays,
    skontoRate,
    paymentRemindersEnabled: reminderEmails !== null,
    paymentReminderEmails: reminderEmails,
    leitwegId: null,
    invoiceLanguage: 'de',
  };
  const parsed = counterpartyFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = columnOfIssue(issue.path);
      // A number that could not be read is reported once, not again as "out of range".
      if (problems.some((problem) => problem.field === field)) continue;
      // The schema's own rules carry their key as message; zod's defaults (a number out of range) do not.
      problems.push({ field, code: isValidationKey(issue.message) ? issue.message : 'invalid' });
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, fields: parsed.data };
}

// ---- Routes ----------------------------------------------------------------------------------

export const counterpartyImportIdParams = z.object({ importId: z.uuid() });

/** POST /api/counterparties/imports → 201: what the file holds, for the mapping step. */
export const counterpartyImportUploadSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  headers: z.array(z.string()),
  previewRows: z.array(z.array(z.string())),
  /** Import column → header, pre-selected by the header aliases. */
  suggestedMapping: z.record(z.string(), z.string()),
  totalRows: z.number().int(),
});
export type CounterpartyImportUpload = z.infer<typeof counterpartyImportUploadSchema>;

/** POST /api/counterparties/imports/:importId/start: import column → header of the file. */
export const counterpartyImportStartSchema = z.object({
  mapping: z.partialRecord(
    z.enum(COUNTERPARTY_IMPORT_KEYS as [CounterpartyImportColumn, ...CounterpartyImportColumn[]]),
    z.string().max(200),
  ),
});
export type CounterpartyImportStartBody = z.infer<typeof counterpartyImportStartSchema>;

export const counterpartyImportResultsQuerySchema = z.object({
  outcome: z.enum(['all', 'skipped', 'created']).default('skipped'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type CounterpartyImportResultsQuery = z.infer<typeof counterpartyImportResultsQuerySchema>;

export const counterpartyImportRowResultSchema = z.object({
  /** 1-based data row of the file (the header is not counted). */
  row: z.number().int(),
  outcome: z.enum(['created', 'skipped']),
  counterpartyId: z.uuid().nullable(),
  name: z.string().nullable(),
  /** The reasons, translated into the caller's language. */
  problems: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
});
export type CounterpartyImportRowResult = z.infer<typeof counterpartyImportRowResultSchema>;

/** GET /api/counterparties/imports/:importId: status, progress, counts and one page of results. */
export const counterpartyImportStatusSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(['uploaded', 'running', 'done', 'failed']),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Filled once the import is done or failed; empty while it runs (progress is polled meanwhile). */
  results: z.object({
    items: z.array(counterpartyImportRowResultSchema),
    /** Rows of the chosen outcome in all; page with offset and limit. */
    total: z.number().int(),
  }),
});
export type CounterpartyImportStatus = z.infer<typeof counterpartyImportStatusSchema>;

/**
 * How many imports GET /api/counterparties/imports lists. The list is the way back to an import's
 * progress and result, not an archive: imports are occasional (a migration, a periodic sync), so
 * twenty reach back weeks, still fit the dialog's first step without paging, and cost one short
 * index range scan (the results column is never read for it).
 */
export const COUNTERPARTY_IMPORT_RECENT_LIMIT = 20;

/**
 * One import of the recent list: its status without the per-row results, and who started it.
 * Only started imports are listed (an upload that was never started has no progress or result
 * to return to, and abandoned uploads would push real imports out of the list).
 */
export const counterpartyImportSummarySchema = counterpartyImportStatusSchema.omit({ results: true }).extend({
  status: counterpartyImportStatusSchema.shape.status.exclude(['uploaded']),
  /** The starter's name (their e-mail when they have none); null when the user no longer exists. */
  createdByName: z.string().nullable(),
});
export type CounterpartyImportSummary = z.infer<typeof counterpartyImportSummarySchema>;
export type CounterpartyImportListedStatus = CounterpartyImportSummary['status'];
export const COUNTERPARTY_IMPORT_LISTED_STATUSES = counterpartyImportSummarySchema.shape.status.options;

/** GET /api/counterparties/imports: the organisation's recent imports, newest first. */
export const counterpartyImportListSchema = listResponse(counterpartyImportSummarySchema);
export type CounterpartyImportList = z.infer<typeof counterpartyImportListSchema>;
