import { sql } from 'drizzle-orm';
import type { InvoiceStatus, InvoiceType, OcrStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import {
  personalAccountColumns,
  personalAccountOf,
  type PersonalAccountFacts,
  type RawPersonalAccount,
} from './personal-account-facts';

/** A booking line of an invoice: the invoice itself, or one of its split lines. */
export interface ExportLine {
  /** 0 for the invoice itself, else the split line's position (1-based). */
  position: number;
  amount: number;
  costCenterCode: string | null;
  costCenter2Code: string | null;
  ledgerAccountCode: string | null;
  taxKeyCode: string | null;
  taxKeyName: string | null;
  taxRate: number | null;
}

/** Everything an export needs of one invoice, read by id in batches (one statement per part). */
export interface ExportInvoiceRow {
  id: string;
  status: InvoiceStatus;
  ocrStatus: OcrStatus;
  type: InvoiceType;
  exportingJobId: string | null;
  lastExportId: string | null;
  exportedAt: string | null;
  invoiceNumber: string | null;
  purchaseOrder: string | null;
  date: string | null;
  dueDate: string | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  netAmount: number | null;
  taxAmount: number | null;
  totalAmount: number | null;
  currency: string | null;
  taxRate: number | null;
  skontoRate: number | null;
  skontoAmount: number | null;
  skontoDate: string | null;
  paymentTerms: string | null;
  notes: string | null;
  alreadyPaid: boolean;
  alreadyPaidDate: string | null;
  remittanceInformation: string | null;
  emailSender: string | null;
  emailSubject: string | null;
  emailReceivedAt: string | null;
  counterpartyId: string | null;
  counterpartyName: string | null;
  counterpartyVat: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  accountsPayableNumber: string | null;
  debitorIban: string | null;
  documentFileName: string | null;
  /** Null without a counterparty. */
  personalAccount: PersonalAccountFacts | null;
  /** The invoice's own accounting (used where it has no split lines, and as the lines' fallback). */
  own: ExportLine;
  splits: ExportLine[];
}

export interface ExportFileRow {
  id: string;
  invoiceId: string;
  kind: 'document' | 'attachment';
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

interface RawInvoice extends RawPersonalAccount {
  [key: string]: unknown;
  id: string;
  status: InvoiceStatus;
  ocr_status: OcrStatus;
  type: InvoiceType;
  exporting_job_id: string | null;
  last_export_id: string | null;
  exported_at: Date | string | null;
  invoice_number: string | null;
  purchase_order: string | null;
  date: string | null;
  due_date: string | null;
  billing_period_start: string | null;
  billing_period_end: string | null;
  net_amount: bigint | null;
  tax_amount: bigint | null;
  total_amount: bigint | null;
  currency: string | null;
  tax_rate: number | null;
  skonto_rate: number | null;
  skonto_amount: bigint | null;
  skonto_date: string | null;
  payment_terms: string | null;
  notes: string | null;
  already_paid: boolean;
  already_paid_date: string | null;
  remittance_information: string | null;
  email_sender: string | null;
  email_subject: string | null;
  email_received_at: Date | string | null;
  counterparty_id: string | null;
  counterparty_name: string | null;
  counterparty_vat: string | null;
  counterparty_iban: string | null;
  counterparty_bic: string | null;
  ap_number: string | null;
  debitor_iban: string | null;
  document_file_name: string | null;
  cost_center_code: string | null;
  cost_center2_code: string | null;
  ledger_account_code: string | null;
  tax_key_code: string | null;
  tax_key_name: string | null;
  tax_key_rate: number | null;
}

interface RawSplit {
  [key: string]: unknown;
  invoice_id: string;
  position: number;
  amount: bigint;
  cost_center_code: string | null;
  cost_center2_code: string | null;
  ledger_account_code: string | null;
  tax_key_code: string | null;
  tax_key_name: string | null;
  tax_key_rate: number | null;
}

/** A timestamp of a raw statement (the driver answers text there) as an ISO instant. */
const isoMoment = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const money = (value: bigint | null) => (value === null ? null : Number(value));

/**
 * The invoices of `ids` with their accounting, in the order of `ids`. A missing ledger account
 * falls back to the counterparty's default (what choosing the counterparty in the form fills in).
 */
export async function readExportInvoices(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<ExportInvoiceRow[]> {
  if (ids.length === 0) return [];
  const [invoiceResult, splitResult] = await Promise.all([
    tx.execute<RawInvoice>(sql`
      select i.id, i.status, i.ocr_status, i.type, i.exporting_job_id, i.last_export_id, i.exported_at, i.invoice_number,
             i.purchase_order, i.date, i.due_date, i.billing_period_start, i.billing_period_end, i.net_amount, i.tax_amount,
             i.total_amount, i.currency, i.tax_rate, i.skonto_rate, i.skonto_amount, i.skonto_date, i.payment_terms, i.notes,
             i.already_paid, i.already_paid_date, i.remittance_information, i.email_sender, i.email_subject,
             i.email_received_at, i.counterparty_id, i.counterparty_name, i.counterparty_vat, i.counterparty_iban,
             i.counterparty_bic, c.accounts_payable_number as ap_number, d.iban as debitor_iban, i.document_file_name,
             ${personalAccountColumns},
             k1.code as cost_center_code, k2.code as cost_center2_code, coalesce(l.code, cl.code) as ledger_account_code,
             t.external_code as tax_key_code, t.name as tax_key_name, t.rate as tax_key_rate
        from invoices i
        left join counterparties c on c.organization_id = i.organization_id and c.id = i.counterparty_id
        left join company_bank_accounts d on d.organization_id = i.organization_id and d.id = i.debitor_bank_account_id
        left join cost_centers k1 on k1.organization_id = i.organization_id and k1.id = i.cost_center_id
        left join cost_centers k2 on k2.organization_id = i.organization_id and k2.id = i.cost_center2_id
        left join ledger_accounts l on l.organization_id = i.organization_id and l.id = i.ledger_account_id
        left join ledger_accounts cl on cl.organization_id = i.organization_id and cl.id = c.default_ledger_account_id
        left join tax_keys t on t.organization_id = i.organization_id and t.id = i.tax_key_id
       where i.organization_id = ${orgId} and i.id = any(${uuidArray(ids)})`),
    tx.execute<RawSplit>(sql`
      select s.invoice_id, s.position, s.amount, k1.code as cost_center_code, k2.code as cost_center2_code,
             l.code as ledger_account_code, t.external_code as tax_key_code, t.name as tax_key_name, t.rate as tax_key_rate
        from invoice_splits s
        left join cost_centers k1 on k1.organization_id = s.organization_id and k1.id = s.cost_center_id
        left join cost_centers k2 on k2.organization_id = s.organization_id and k2.id = s.cost_center2_id
        left join ledger_accounts l on l.organization_id = s.organization_id and l.id = s.ledger_account_id
        left join tax_keys t on t.organization_id = s.organization_id and t.id = s.tax_key_id
       where s.organization_id = ${orgId} and s.invoice_id = any(${uuidArray(ids)})
       order by s.invoice_id, s.position`),
  ]);
  const splits = new Map<string, RawSplit[]>();
  for (const split of splitResult.rows) {
    const list = splits.get(split.invoice_id) ?? [];
    list.push(split);
    splits.set(split.invoice_id, list);
  }
  const byId = new Map(invoiceResult.rows.map((row) => [row.id, row]));
  const rows: ExportInvoiceRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) rows.push(toExportInvoice(row, splits.get(id) ?? []));
  }
  return rows;
}

function toExportInvoice(row: RawInvoice, splits: RawSplit[]): ExportInvoiceRow {
  const own: ExportLine = {
    position: 0,
    amount: money(row.total_amount) ?? 0,
    costCenterCode: row.cost_center_code,
    costCenter2Code: row.cost_center2_code,
    ledgerAccountCode: row.ledger_account_code,
    taxKeyCode: row.tax_key_code,
    taxKeyName: row.tax_key_name,
    taxRate: row.tax_rate ?? row.tax_key_rate,
  };
  return {
    id: row.id,
    status: row.status,
    ocrStatus: row.ocr_status,
    type: row.type,
    exportingJobId: row.exporting_job_id,
    lastExportId: row.last_export_id,
    exportedAt: isoMoment(row.exported_at),
    invoiceNumber: row.invoice_number,
    purchaseOrder: row.purchase_order,
    date: row.date,
    dueDate: row.due_date,
    billingPeriodStart: row.billing_period_start,
    billingPeriodEnd: row.billing_period_end,
    netAmount: money(row.net_amount),
    taxAmount: money(row.tax_amount),
    totalAmount: money(row.total_amount),
    currency: row.currency,
    taxRate: row.tax_rate,
    skontoRate: row.skonto_rate,
    skontoAmount: money(row.skonto_amount),
    skontoDate: row.skonto_date,
    paymentTerms: row.payment_terms,
    notes: row.notes,
    alreadyPaid: row.already_paid,
    alreadyPaidDate: row.already_paid_date,
    remittanceInformation: row.remittance_information,
    emailSender: row.email_sender,
    emailSubject: row.email_subject,
    emailReceivedAt: isoMoment(row.email_received_at),
    counterpartyId: row.counterparty_id,
    counterpartyName: row.counterparty_name,
    counterpartyVat: row.counterparty_vat,
    counterpartyIban: row.counterparty_iban,
    counterpartyBic: row.counterparty_bic,
    accountsPayableNumber: row.ap_number,
    debitorIban: row.debitor_iban,
    documentFileName: row.document_file_name,
    personalAccount: personalAccountOf(row),
    own,
    // A split line without accounting of its own books on the invoice's.
    splits: splits.map((split) => ({
      position: split.position + 1,
      amount: Number(split.amount),
      costCenterCode: split.cost_center_code ?? own.costCenterCode,
      costCenter2Code: split.cost_center2_code ?? own.costCenter2Code,
      ledgerAccountCode: split.ledger_account_code ?? own.ledgerAccountCode,
      taxKeyCode: split.tax_key_name !== null ? split.tax_key_code : own.taxKeyCode,
      taxKeyName: split.tax_key_name ?? own.taxKeyName,
      taxRate: split.tax_key_name !== null ? split.tax_key_rate : own.taxRate,
    })),
  };
}

/** The booking lines of an invoice: one per split line, or the invoice as one. */
export function linesOf(row: ExportInvoiceRow): ExportLine[] {
  return row.splits.length > 0 ? row.splits : [row.own];
}

/** Documents and attachments of a batch of invoices, documents first, each in upload order. */
export async function readExportFiles(tx: Tx, orgId: OrgId, invoiceIds: readonly string[]): Promise<ExportFileRow[]> {
  if (invoiceIds.length === 0) return [];
  const result = await tx.execute<{
    [key: string]: unknown;
    id: string;
    invoice_id: string;
    kind: 'document' | 'attachment';
    storage_key: string;
    file_name: string;
    content_type: string;
    size: number;
  }>(sql`
    select id, invoice_id, kind, storage_key, file_name, content_type, size
      from invoice_files
     where organization_id = ${orgId} and invoice_id = any(${uuidArray(invoiceIds)})
     order by invoice_id, kind desc, created_at, id`);
  return result.rows.map((row) => ({
    id: row.id,
    invoiceId: row.invoice_id,
    kind: row.kind,
    storageKey: row.storage_key,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
  }));
}
