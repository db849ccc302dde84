import { DEFAULT_EXPORT_SETTINGS, type ExportFormat, type ExportSettings } from '@kontor/domain';
import type { CheckContext } from './export-check';
import type { ExportPaymentRow } from './export-payments';
import type { ExportInvoiceRow, ExportLine } from './export-rows';

/**
 * Rows as the database reads them, for the pre-export check's tests: each passes every format's
 * check with `testSettings` (Sachkontenlänge 4: G/L accounts up to four digits, creditors five).
 */
export function testSettings(overrides: Partial<ExportSettings> = {}): ExportSettings {
  return {
    ...DEFAULT_EXPORT_SETTINGS,
    datevConsultantNumber: 29098,
    datevClientNumber: 55003,
    bmdClientNumber: '4711',
    rzlClientNumber: '0815',
    version: 1,
    ...overrides,
  };
}

export function testContext(format: ExportFormat, overrides: Partial<CheckContext> = {}): CheckContext {
  return { format, settings: testSettings(), exportAgain: false, exchangeRates: {}, ...overrides };
}

export function testLine(overrides: Partial<ExportLine> = {}): ExportLine {
  return {
    position: 0,
    amount: 11_900,
    costCenterCode: 'KST100',
    costCenter2Code: 'PRJ7',
    ledgerAccountCode: '3400',
    taxKeyCode: '9',
    taxKeyName: 'VSt19',
    taxRate: 1900,
    ...overrides,
  };
}

export function testInvoiceRow(overrides: Partial<ExportInvoiceRow> = {}): ExportInvoiceRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'approved',
    ocrStatus: 'done',
    type: 'invoice',
    exportingJobId: null,
    lastExportId: null,
    exportedAt: null,
    invoiceNumber: 'RE-2026-1',
    purchaseOrder: null,
    date: '2026-11-02',
    dueDate: '2026-12-02',
    billingPeriodStart: null,
    billingPeriodEnd: null,
    netAmount: 10_000,
    taxAmount: 1_900,
    totalAmount: 11_900,
    currency: 'EUR',
    taxRate: 1900,
    skontoRate: null,
    skontoAmount: null,
    skontoDate: null,
    paymentTerms: null,
    notes: null,
    alreadyPaid: false,
    alreadyPaidDate: null,
    remittanceInformation: null,
    emailSender: null,
    emailSubject: null,
    emailReceivedAt: null,
    counterpartyId: '00000000-0000-4000-8000-0000000000c1',
    counterpartyName: 'Papier & Co. KG',
    counterpartyVat: null,
    counterpartyIban: null,
    counterpartyBic: null,
    accountsPayableNumber: '70001',
    debitorIban: null,
    documentFileName: null,
    personalAccount: { name: 'Papier & Co. KG', street: 'Hauptstraße 1', zip: '1010', city: 'Wien', sentToBmd: false },
    own: testLine(),
    splits: [],
    ...overrides,
  };
}

export function testPaymentRow(overrides: Partial<ExportPaymentRow> = {}): ExportPaymentRow {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    invoiceId: '00000000-0000-4000-8000-000000000001',
    amount: 11_900,
    currency: 'EUR',
    skontoDiscount: 0,
    executionDate: '2026-12-01',
    bookingDate: null,
    endToEndId: 'E2E-1',
    remittanceInformation: 'RE-2026-1',
    creditorName: 'Papier & Co. KG',
    creditorIban: 'DE02120300000000202051',
    counterpartyId: '00000000-0000-4000-8000-0000000000c1',
    accountsPayableNumber: '70001',
    invoiceNumber: 'RE-2026-1',
    bankLedgerAccountCode: '1200',
    debitorName: 'Hausbank',
    personalAccount: { name: 'Papier & Co. KG', street: 'Hauptstraße 1', zip: '1010', city: 'Wien', sentToBmd: false },
    ...overrides,
  };
}
