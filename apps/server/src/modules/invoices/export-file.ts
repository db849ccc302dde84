import { approvalProgressParams, type ApprovalProgress } from '@kontor/domain/approvals/approval-progress';
import { BUSINESS_TIME_ZONE, todayIso } from '@kontor/domain/dates';
import { intlFormatter } from '@kontor/domain/intl';
import de from '@kontor/domain/locales/de/invoice-export.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/invoice-export.json' with { type: 'json' };
import type { InvoiceExportFormat, InvoiceListQuery, InvoiceStatus, InvoiceType, Locale } from '@kontor/domain';
import { csvDelimiter, csvDocument, csvLine } from '../../lib/csv-file';
import { writeXlsx, type XlsxCell, type XlsxFormat } from '../../lib/xlsx-writer';

const texts: Record<Locale, typeof en> = { de, en };

/** One exported row: amounts in minor units, rates in basis points, dates as YYYY-MM-DD, uploadedAt as ISO UTC. */
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

export interface InvoiceExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  rowCount: number;
}

type Column = keyof typeof en.columns;
/** How a column is written: text as is, a calendar date, a time, money (minor units), a rate (basis points). */
type Kind = 'text' | 'date' | 'time' | 'money' | 'rate';

const COLUMNS: readonly { key: Column; kind: Kind; width: number }[] = [
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

/** The upload time as the clock in Kontor's time zone read it (a spreadsheet has no time zones). */
function wallClock(iso: string): string {
  const format = intlFormatter(Intl.DateTimeFormat, 'sv-SE', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return format.format(new Date(iso)); // "2026-03-15 14:05"
}

/** The value of a cell before formatting: text already translated, numbers in their unit. */
function rawValue(invoice: ExportedInvoice, key: Column, locale: Locale): string | number | null {
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
    case 'uploadedAt':
      return wallClock(invoice.uploadedAt);
    default:
      return invoice[key];
  }
}

const decimalFormat = (locale: Locale) =>
  intlFormatter(Intl.NumberFormat, locale === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });

/** A CSV cell: dates as the app shows them, amounts with the locale's decimal mark and no grouping. */
function csvValue(value: string | number | null, kind: Kind, locale: Locale): string {
  if (value === null) return '';
  if (kind === 'money' || kind === 'rate') return decimalFormat(locale).format(Number(value) / 100);
  if (kind === 'date' || kind === 'time') {
    const [year, month, day] = String(value).slice(0, 10).split('-');
    const date = locale === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
    return kind === 'time' ? `${date} ${String(value).slice(11, 16)}` : date;
  }
  return String(value);
}

function csvFile(invoices: readonly ExportedInvoice[], columns: ReturnType<typeof columnsOf>, locale: Locale): Buffer {
  const delimiter = csvDelimiter(locale);
  const lines = [
    csvLine(
      columns.map(({ key }) => texts[locale].columns[key]),
      delimiter,
    ),
  ];
  for (const invoice of invoices) {
    lines.push(
      csvLine(
        columns.map(({ key, kind }) => csvValue(rawValue(invoice, key, locale), kind, locale)),
        delimiter,
      ),
    );
  }
  return Buffer.from(csvDocument(lines), 'utf8');
}

/** A spreadsheet cell: dates and times as real dates, amounts and rates as numbers. */
function xlsxValue(value: string | number | null, kind: Kind): XlsxCell {
  if (value === null) return null;
  if (kind === 'money' || kind === 'rate') return Number(value) / 100;
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'time') return new Date(`${String(value).replace(' ', 'T')}:00Z`);
  return String(value);
}

const XLSX_FORMAT: Record<Kind, XlsxFormat> = {
  text: 'general',
  date: 'date',
  time: 'dateTime',
  money: 'amount',
  rate: 'amount',
};

function xlsxFile(invoices: readonly ExportedInvoice[], columns: ReturnType<typeof columnsOf>, locale: Locale) {
  const dateFormat = locale === 'de' ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
  return writeXlsx({
    name: texts[locale].sheet,
    columns: columns.map(({ key, kind, width }) => ({ header: texts[locale].columns[key], width, format: XLSX_FORMAT[kind] })),
    rows: (function* () {
      for (const invoice of invoices) yield columns.map(({ key, kind }) => xlsxValue(rawValue(invoice, key, locale), kind));
    })(),
    dateFormat,
    dateTimeFormat: `${dateFormat} hh:mm`,
  });
}

/** The file's name: "Rechnungen-Freigegeben-2026-11-27.xlsx". */
function exportFileName(tab: InvoiceListQuery['tab'], format: InvoiceExportFormat, locale: Locale): string {
  const words = texts[locale];
  return `${words.fileName}-${words.tabs[tab].replace(/\s+/g, '-')}-${todayIso()}.${format}`;
}

export async function invoiceExportFile(
  invoices: readonly ExportedInvoice[],
  { format, locale, tab }: { format: InvoiceExportFormat; locale: Locale; tab: InvoiceListQuery['tab'] },
): Promise<InvoiceExportFile> {
  const columns = columnsOf(tab);
  const fileName = exportFileName(tab, format, locale);
  const rowCount = invoices.length;
  if (format === 'csv') {
    return { fileName, rowCount, contentType: 'text/csv; charset=utf-8', body: csvFile(invoices, columns, locale) };
  }
  return {
    fileName,
    rowCount,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: await xlsxFile(invoices, columns, locale),
  };
}
