import { approvalProgressParams, type ApprovalProgress } from '@kontor/domain/approvals/approval-progress';
import de from '@kontor/domain/locales/de/invoice-export.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/invoice-export.json' with { type: 'json' };
import type { InvoiceListQuery, InvoiceStatus, InvoiceType, Locale } from '@kontor/domain';
import type { ListExportFormat } from '@kontor/domain/list-export';
import { tableExportFile, type ColumnKind, type ExportColumn, type ExportFile } from '../../lib/table-export';

const texts: Record<Locale, typeof en> = { de, en };

/** One exported row: amounts in minor units, rates in basis points, dates as YYYY-MM-DD, uploadedAt as ISO. */
export interface ExportedInvoice {
  status: InvoiceStatus;
  type: InvoiceType;
  counterparty: string | null;
  vatNumber: string | null;
  iban: string | null;
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
  taxKey: string | null;
  costCenter: string | null;
  costCenter2: string | null;
  ledgerAccount: string | null;
  skontoRate: number | null;
  skontoAmount: number | null;
  skontoDate: string | null;
  alreadyPaidDate: string | null;
  paymentTerms: string | null;
  remittanceInformation: string | null;
  approvalProgress: ApprovalProgress | null;
  cancelReason: string | null;
  fileName: string | null;
  uploadedAt: string;
}

type Column = keyof typeof en.columns;

const COLUMNS: readonly { key: Column; kind: ColumnKind; width: number }[] = [
  { key: 'status', kind: 'text', width: 14 },
  { key: 'type', kind: 'text', width: 12 },
  { key: 'counterparty', kind: 'text', width: 32 },
  { key: 'vatNumber', kind: 'text', width: 16 },
  { key: 'iban', kind: 'text', width: 26 },
  { key: 'invoiceNumber', kind: 'text', width: 18 },
  { key: 'purchaseOrder', kind: 'text', width: 14 },
  { key: 'date', kind: 'date', width: 12 },
  { key: 'dueDate', kind: 'date', width: 12 },
  { key: 'billingPeriodStart', kind: 'date', width: 12 },
  { key: 'billingPeriodEnd', kind: 'date', width: 12 },
  { key: 'netAmount', kind: 'money', width: 14 },
  { key: 'taxAmount', kind: 'money', width: 14 },
  { key: 'totalAmount', kind: 'money', width: 14 },
  { key: 'currency', kind: 'text', width: 8 },
  { key: 'taxRate', kind: 'rate', width: 10 },
  { key: 'taxKey', kind: 'text', width: 20 },
  { key: 'costCenter', kind: 'text', width: 22 },
  { key: 'costCenter2', kind: 'text', width: 22 },
  { key: 'ledgerAccount', kind: 'text', width: 26 },
  { key: 'skontoRate', kind: 'rate', width: 10 },
  { key: 'skontoAmount', kind: 'money', width: 14 },
  { key: 'skontoDate', kind: 'date', width: 12 },
  { key: 'alreadyPaidDate', kind: 'date', width: 12 },
  { key: 'paymentTerms', kind: 'text', width: 20 },
  { key: 'remittanceInformation', kind: 'text', width: 30 },
  { key: 'approvalProgress', kind: 'text', width: 34 },
  { key: 'cancelReason', kind: 'text', width: 30 },
  { key: 'fileName', kind: 'text', width: 30 },
  { key: 'uploadedAt', kind: 'time', width: 17 },
];

/** The step progress belongs to the approval tabs, the cancellation reason to the archive. */
function columnsOf(tab: InvoiceListQuery['tab']) {
  return COLUMNS.filter(
    ({ key }) =>
      (key !== 'approvalProgress' || tab === 'my-approvals' || tab === 'all-approvals') &&
      (key !== 'cancelReason' || tab === 'archive'),
  );
}

const fill = (template: string, params: Record<string, number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params[key] ?? ''));

/** A cell's value before formatting: words in the caller's language, numbers in their unit. */
function valueOf(invoice: ExportedInvoice, key: Column, locale: Locale): string | number | null {
  const words = texts[locale];
  switch (key) {
    case 'status':
      return words.status[invoice.status];
    case 'type':
      return words.type[invoice.type];
    case 'approvalProgress':
      return invoice.approvalProgress
        ? fill(words.approvalProgress, { ...approvalProgressParams(invoice.approvalProgress) })
        : null;
    default:
      return invoice[key];
  }
}

/** The file: "Rechnungen-Freigegeben-2026-11-27.xlsx". */
export function invoiceExportFile(
  invoices: readonly ExportedInvoice[],
  { format, locale, tab }: { format: ListExportFormat; locale: Locale; tab: InvoiceListQuery['tab'] },
): Promise<ExportFile> {
  const words = texts[locale];
  const columns: ExportColumn<ExportedInvoice>[] = columnsOf(tab).map(({ key, kind, width }) => ({
    header: words.columns[key],
    kind,
    width,
    value: (invoice) => valueOf(invoice, key, locale),
  }));
  return tableExportFile(invoices, columns, {
    format,
    locale,
    sheetName: words.sheet,
    baseName: `${words.fileName}-${words.tabs[tab]}`,
  });
}
