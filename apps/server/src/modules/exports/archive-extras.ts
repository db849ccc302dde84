import { sql } from 'drizzle-orm';
import { datevDocumentXml, writeBmdPersonalAccounts, type PersonalAccount } from '@kontor/formats';
import type { Database, TenantContext } from '../../db/database';
import { csvDocument, csvLine } from '../../lib/csv-file';
import type { ZipStream } from '../../lib/zip-stream';
import type { IndexedInvoice } from './document-entries';
import type { DownloadJobRow } from './job-repo';
import type { ExportTexts } from './export-texts';

type Texts = ExportTexts;

/** The index of a complete export: one line per invoice with its document and attachments in the zip. */
function indexCsv(indexed: readonly IndexedInvoice[], texts: Texts): string {
  const heading = texts.index;
  const lines = [
    csvLine(
      [
        heading.invoiceNumber,
        heading.counterparty,
        heading.date,
        heading.totalAmount,
        heading.currency,
        heading.document,
        heading.attachments,
        heading.kontorId,
      ],
      ';',
    ),
  ];
  for (const row of indexed) {
    lines.push(
      csvLine(
        [
          row.invoiceNumber ?? '',
          row.counterpartyName ?? '',
          row.date ?? '',
          row.totalAmount === null ? '' : (row.totalAmount / 100).toFixed(2).replace('.', ','),
          row.currency ?? '',
          row.document?.name ?? '',
          row.attachments.join(', '),
          row.invoiceId,
        ],
        ';',
      ),
    );
  }
  return csvDocument(lines);
}

/**
 * What follows the booking files and documents in the zip: the index and DATEV's document.xml of a
 * complete export, and for BMD the personal accounts (Personenkonten) of counterparties BMD has
 * not been sent yet.
 */
export async function writeArchiveExtras(
  zip: ZipStream,
  job: DownloadJobRow,
  indexed: readonly IndexedInvoice[],
  texts: Texts,
  newAccounts: readonly PersonalAccount[],
): Promise<void> {
  const encoder = new TextEncoder();
  if (job.format === 'bmd' && job.type !== 'documents' && newAccounts.length > 0) {
    await zip.addEntry('personenkonten.csv', writeBmdPersonalAccounts([...newAccounts]), { compress: true });
  }
  if (job.type !== 'complete') return;
  await zip.addEntry('index.csv', encoder.encode(indexCsv(indexed, texts)), { compress: true });
  if (job.format === 'datev') {
    const documents = indexed.flatMap((row) =>
      row.document ? [{ guid: row.document.guid, fileName: row.document.name, description: row.invoiceNumber ?? undefined }] : [],
    );
    await zip.addEntry('document.xml', encoder.encode(datevDocumentXml(documents, { createdAt: job.createdAt })), {
      compress: true,
    });
  }
}

/** The counterparties of a job that this format has not received as personal accounts yet. */
export async function newPersonalAccounts(
  database: Database,
  context: TenantContext,
  job: DownloadJobRow,
): Promise<{ accounts: PersonalAccount[]; counterpartyIds: string[] }> {
  if (job.format !== 'bmd') return { accounts: [], counterpartyIds: [] };
  const result = await database.withOrg(
    context,
    (tx) =>
      tx.execute<{
        [key: string]: unknown;
        id: string;
        ap_number: string | null;
        name: string;
        vat_number: string | null;
        street: string | null;
        zip: string | null;
        city: string | null;
        country: string | null;
        email: string | null;
        payment_terms_days: number | null;
        iban: string | null;
        bic: string | null;
      }>(sql`
        with used as (
          select distinct coalesce(i.counterparty_id, t.counterparty_id, ti.counterparty_id) as id
            from download_job_items x
            left join invoices i on i.organization_id = x.organization_id and i.id = x.invoice_id
            left join transactions t on t.organization_id = x.organization_id and t.id = x.transaction_id
            left join invoices ti on ti.organization_id = t.organization_id and ti.id = t.invoice_id
           where x.organization_id = ${context.orgId} and x.job_id = ${job.id})
        select c.id, c.accounts_payable_number as ap_number, c.name, c.vat_number, c.street, c.zip, c.city, c.country,
               c.email, c.payment_terms_days, b.iban, b.bic
          from used
          join counterparties c on c.organization_id = ${context.orgId} and c.id = used.id
          left join lateral (select iban, bic from counterparty_bank_accounts a
                              where a.organization_id = c.organization_id and a.counterparty_id = c.id
                              order by a.created_at limit 1) b on true
         where not exists (select 1 from exported_counterparties e
                            where e.organization_id = c.organization_id and e.format = ${job.format} and e.counterparty_id = c.id)
         order by c.accounts_payable_number nulls last, c.name`),
    { readOnly: true, ownConnection: true },
  );
  return {
    counterpartyIds: result.rows.map((row) => row.id),
    accounts: result.rows.map((row) => ({
      account: row.ap_number ?? '',
      name: row.name,
      vatNumber: row.vat_number,
      street: row.street,
      zip: row.zip,
      city: row.city,
      country: row.country,
      iban: row.iban,
      bic: row.bic,
      email: row.email,
      paymentTermsDays: row.payment_terms_days,
    })),
  };
}
