import { AR_IMPORT_COLUMNS, receivableTotals, type ArImportColumn, type ArImportResult } from '@kontor/domain';
import { parseAmountText, parseDateText } from '@kontor/formats';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, OrgId, Tx } from '../../db/database';
import { arInvoices, counterparties } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { assignAccountNumber } from '../counterparties/numbering';
import { cell, readCsvTable, resolveColumns, type CsvRow } from '../master-data/csv-table';
import type { ImportUpload } from '../master-data/import-upload';
import { tenant } from '../master-data/service-helpers';
import { insertArInvoiceRow, replaceArLines } from './repo';

const RATE = /^(\d{1,2}(?:[.,]\d{1,2})?)\s*%?$/;

interface ParsedRow {
  line: number;
  invoiceNumber: string;
  customer: string;
  customerNumber: string;
  invoiceDate: string;
  dueDate: string;
  net: number;
  rate: number;
  total: number;
  paid: number;
  currency: string;
  description: string;
  /** A negative total: a credit note, kept with positive amounts as the form and e-invoices keep it. */
  isCreditNote: boolean;
}

type RowResult = { ok: ParsedRow } | { skip: ArImportResult['skipped'][number] };

/**
 * One row as one invoice with one line. Net and rate give the tax (as the form computes it); with
 * only the total and the rate the net is the one whose tax adds up to the total to the cent. A
 * total that does not follow from net and rate is refused with the difference.
 */
function parseRow(row: CsvRow, columns: Partial<Record<ArImportColumn, number>>): RowResult {
  const invoiceNumber = cell(row, columns, 'invoiceNumber');
  const invalid = (field: string): RowResult => ({ skip: { row: row.line, invoiceNumber, reason: 'invalid', field } });
  if (!invoiceNumber || invoiceNumber.length > 100) return invalid('invoiceNumber');
  const customer = cell(row, columns, 'customer');
  if (!customer || customer.length > 200) return invalid('customer');
  const invoiceDate = parseDateText(cell(row, columns, 'invoiceDate'));
  if (!invoiceDate) return invalid('invoiceDate');
  const dueText = cell(row, columns, 'dueDate');
  const dueDate = dueText ? parseDateText(dueText) : invoiceDate;
  if (!dueDate || dueDate < invoiceDate) return invalid('dueDate');
  const total = parseAmountText(cell(row, columns, 'totalAmount'));
  if (total === null) return invalid('totalAmount');
  const rateText = cell(row, columns, 'taxRate');
  const rateMatch = RATE.exec(rateText);
  if (rateText && !rateMatch) return invalid('taxRate');
  const rate = rateMatch ? Math.round(Number(rateMatch[1]!.replace(',', '.')) * 100) : 0;
  const netText = cell(row, columns, 'netAmount');
  const statedNet = netText ? parseAmountText(netText) : null;
  if (netText && statedNet === null) return invalid('netAmount');
  const paidText = cell(row, columns, 'paidAmount');
  const paid = paidText ? parseAmountText(paidText) : 0;
  if (paid === null || paid < 0 || paid > Math.abs(total)) return invalid('paidAmount');
  const net = statedNet ?? netForTotal(total, rate);
  const computed = receivableTotals([{ quantity: 1, unitPrice: net, taxRate: rate }]).totalAmount;
  if (computed !== total) {
    return { skip: { row: row.line, invoiceNumber, reason: 'totals_mismatch', difference: total - computed } };
  }
  const currency = (cell(row, columns, 'currency') || 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return invalid('currency');
  const sign = total < 0 ? -1 : 1;
  return {
    ok: {
      line: row.line,
      invoiceNumber,
      customer,
      customerNumber: cell(row, columns, 'customerNumber'),
      invoiceDate,
      dueDate,
      net: sign * net,
      rate,
      total: sign * total,
      paid,
      currency,
      description: cell(row, columns, 'description').slice(0, 500) || invoiceNumber,
      isCreditNote: sign < 0,
    },
  };
}

/** The net whose tax at `rate` adds up to `total` (the nearest of the candidates around the division). */
function netForTotal(total: number, rate: number): number {
  const guess = Math.round((total * 10000) / (10000 + rate));
  for (const net of [guess, guess - 1, guess + 1]) {
    if (receivableTotals([{ quantity: 1, unitPrice: net, taxRate: rate }]).totalAmount === total) return net;
  }
  return guess;
}

/** The customers of the rows by AR number, else by name; unknown ones are created (with their AR number). */
async function resolveCustomers(
  tx: Tx,
  orgId: OrgId,
  rows: ParsedRow[],
  userId: string,
): Promise<{ ids: Map<string, string>; created: number }> {
  const key = (row: ParsedRow) => (row.customerNumber ? `#${row.customerNumber}` : `@${row.customer.toLocaleLowerCase('de-DE')}`);
  const numbers = [...new Set(rows.map((row) => row.customerNumber).filter(Boolean))];
  const names = [...new Set(rows.map((row) => row.customer.toLocaleLowerCase('de-DE')))];
  const known = await tx
    .select({ id: counterparties.id, name: counterparties.name, number: counterparties.accountsReceivableNumber })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.organizationId, orgId),
        numbers.length > 0
          ? sql`(${inArray(counterparties.accountsReceivableNumber, numbers)} or lower(${counterparties.name}) in ${names})`
          : sql`lower(${counterparties.name}) in ${names}`,
      ),
    );
  const ids = new Map<string, string>();
  for (const entry of known) {
    if (entry.number) ids.set(`#${entry.number}`, entry.id);
    if (!ids.has(`@${entry.name.toLocaleLowerCase('de-DE')}`)) ids.set(`@${entry.name.toLocaleLowerCase('de-DE')}`, entry.id);
  }
  let created = 0;
  for (const row of rows) {
    const wanted = key(row);
    const byName = `@${row.customer.toLocaleLowerCase('de-DE')}`;
    if (ids.has(wanted)) continue;
    if (ids.has(byName) && !row.customerNumber) continue;
    const [inserted] = await tx
      .insert(counterparties)
      .values({
        organizationId: orgId,
        name: row.customer,
        accountsReceivableNumber: row.customerNumber || (await assignAccountNumber(tx, orgId, 'receivable')),
      })
      .returning({ id: counterparties.id });
    await writeActivity(tx, orgId, {
      entityType: 'counterparty',
      entityId: inserted!.id,
      action: 'create',
      actor: { type: 'user', id: userId },
      changes: { origin: 'receivable_import' },
    });
    ids.set(wanted, inserted!.id);
    ids.set(byName, inserted!.id);
    created += 1;
  }
  return {
    ids: new Map(
      rows.map((row) => [row.invoiceNumber, ids.get(key(row)) ?? ids.get(`@${row.customer.toLocaleLowerCase('de-DE')}`)!]),
    ),
    created,
  };
}

/**
 * POST /api/ar-invoices/imports/csv: existing receivables from a CSV (the column mapping of the
 * import dialog, else the headers' usual names). One transaction: every valid row is taken over
 * or none; numbers already in Kontor or twice in the file are skipped with the reason.
 */
export async function importReceivablesCsv(database: Database, org: OrgContext, upload: ImportUpload): Promise<ArImportResult> {
  const table = readCsvTable(upload.file);
  const columns = resolveColumns(table.headers, AR_IMPORT_COLUMNS, upload.mapping);
  const skipped: ArImportResult['skipped'] = [];
  const valid: ParsedRow[] = [];
  const seen = new Set<string>();
  for (const row of table.rows) {
    const result = parseRow(row, columns);
    if ('skip' in result) skipped.push(result.skip);
    else if (seen.has(result.ok.invoiceNumber))
      skipped.push({ row: row.line, invoiceNumber: result.ok.invoiceNumber, reason: 'duplicate_in_file' });
    else {
      seen.add(result.ok.invoiceNumber);
      valid.push(result.ok);
    }
  }
  const outcome = await database.withOrg(tenant(org), async (tx) => {
    const taken = new Set(
      valid.length === 0
        ? []
        : (
            await tx
              .select({ number: arInvoices.invoiceNumber })
              .from(arInvoices)
              .where(
                and(
                  eq(arInvoices.organizationId, org.orgId),
                  inArray(
                    arInvoices.invoiceNumber,
                    valid.map((row) => row.invoiceNumber),
                  ),
                ),
              )
          ).map((row) => row.number),
    );
    const fresh = valid.filter((row) => {
      if (!taken.has(row.invoiceNumber)) return true;
      skipped.push({ row: row.line, invoiceNumber: row.invoiceNumber, reason: 'exists' });
      return false;
    });
    const customers =
      fresh.length > 0 ? await resolveCustomers(tx, org.orgId, fresh, org.userId) : { ids: new Map(), created: 0 };
    for (const row of fresh) {
      const totals = receivableTotals([{ quantity: 1, unitPrice: row.net, taxRate: row.rate }]);
      const status = row.paid === 0 ? 'outstanding' : row.paid >= row.total ? 'paid' : 'partially_paid';
      const inserted = await insertArInvoiceRow(tx, org.orgId, {
        type: row.isCreditNote ? 'credit_note' : 'invoice',
        status,
        invoiceNumber: row.invoiceNumber,
        counterpartyId: customers.ids.get(row.invoiceNumber)!,
        invoiceDate: row.invoiceDate,
        dueDate: row.dueDate,
        currency: row.currency,
        ...totals,
        paidAmount: row.paid,
        paidOn: row.paid > 0 ? row.invoiceDate : null,
        createdBy: org.userId,
      });
      await replaceArLines(tx, org.orgId, inserted.id, [
        {
          position: 0,
          description: row.description,
          quantity: '1',
          unit: null,
          unitPrice: row.net,
          taxRate: row.rate,
          netAmount: row.net,
        },
      ]);
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: inserted.id,
        action: 'create',
        actor: { type: 'user', id: org.userId },
        changes: { origin: 'csv_import', fileName: upload.fileName, row: row.line },
      });
    }
    return { created: fresh.length, createdCustomers: customers.created };
  });
  skipped.sort((a, b) => a.row - b.row);
  return { ...outcome, skipped };
}
