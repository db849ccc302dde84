import { and, eq } from 'drizzle-orm';
import {
  missingCompanyDetails,
  type ArInvoice,
  type ArSendBody,
  type ArSendDraft,
  type CompanyDetailsField,
  type Locale,
} from '@kontor/domain';
import { logoForPdf, renderInvoicePdf, writeCiiInvoice, writeUblInvoice, type OutgoingInvoice } from '@kontor/formats';
import type { Database } from '../../db/database';
import { arInvoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translateNotification } from '../../lib/i18n';
import type { FileStorage, Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { tenant } from '../master-data/service-helpers';
import { documentFileName, invoiceMailTexts } from './document-mail';
import { documentLanguage, readDocumentSource, toOutgoingInvoice, type DocumentSource } from './document-source';
import { readArInvoice } from './repo';

export interface InvoiceDocumentFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const PDF_TYPE = 'application/pdf';

/**
 * The documents of an issued outgoing invoice (issue 65): its PDF, a ZUGFeRD 2 / Factur-X hybrid
 * (EN 16931), XRechnung in UBL or CII, and sending the PDF by e-mail. The PDF is stored the
 * first time it is made for a version of the receivable and served from the storage after
 * that: the document a customer received stays byte for byte what Kontor shows, even when the
 * company details change later; an edit of the receivable (a new version) makes a new one.
 */
export class ReceivableDocumentService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly mailer: Mailer,
  ) {}

  async pdf(org: OrgContext, id: string, locale: Locale): Promise<InvoiceDocumentFile> {
    const source = await this.database.withOrg(tenant(org), (tx) => readDocumentSource(tx, org.orgId, id));
    return this.storedPdf(org, source, locale);
  }

  async xrechnung(org: OrgContext, id: string, syntax: 'ubl' | 'cii', locale: Locale): Promise<InvoiceDocumentFile> {
    const source = await this.database.withOrg(tenant(org), (tx) => readDocumentSource(tx, org.orgId, id));
    assertIssued(source);
    assertCompanyDetails(source, 'xrechnung', locale);
    if (!source.customer.leitwegId) {
      throw new AppError('ar_invoice_leitweg_id_missing', { counterparty: source.customer.name });
    }
    const invoice = toOutgoingInvoice(source, null);
    const xml = syntax === 'ubl' ? writeUblInvoice(invoice, 'xrechnung') : writeCiiInvoice(invoice, 'xrechnung');
    return {
      fileName: `${documentFileName(invoice)}-xrechnung-${syntax}.xml`,
      contentType: 'application/xml',
      body: Buffer.from(xml, 'utf8'),
    };
  }

  /** What the send dialog starts from: the customer's address and the texts in its language. */
  async sendDraft(org: OrgContext, id: string, locale: Locale): Promise<ArSendDraft> {
    const source = await this.database.withOrg(tenant(org), (tx) => readDocumentSource(tx, org.orgId, id));
    const invoice = toOutgoingInvoice(source, null);
    const texts = invoiceMailTexts(invoice);
    return {
      to: source.customer.email ? [source.customer.email] : [],
      subject: texts.subject,
      message: texts.body,
      language: documentLanguage(source),
      fileName: `${documentFileName(invoice)}.pdf`,
      missingCompanyDetails: missingCompanyDetails(source.organization.companyDetails, 'pdf').map((field) =>
        companyDetailLabel(field, locale),
      ),
    };
  }

  /**
   * Queues the mail with the stored PDF attached, in one transaction with the record of it
   * (sent_at, the activity log): a stale version is refused and nothing is sent.
   */
  async send(org: OrgContext, id: string, version: number, body: ArSendBody, locale: Locale): Promise<ArInvoice> {
    const source = await this.database.withOrg(tenant(org), (tx) => readDocumentSource(tx, org.orgId, id));
    if (source.invoice.status === 'canceled') throw new AppError('ar_invoice_not_sendable');
    if (source.version !== version) throw new AppError('stale_version');
    const pdf = await this.storedPdf(org, source, locale);
    const storageKey = pdfStorageKey(org.orgId, id, source.version);
    return this.database.withOrg(tenant(org), async (tx) => {
      const [row] = await tx
        .update(arInvoices)
        .set({ sentAt: new Date() })
        .where(and(eq(arInvoices.organizationId, org.orgId), eq(arInvoices.id, id), eq(arInvoices.version, version)))
        .returning({ id: arInvoices.id });
      if (!row) throw new AppError('stale_version');
      await this.mailer.enqueue(tx, {
        organizationId: org.orgId,
        to: body.to,
        subject: body.subject,
        text: body.message,
        template: 'ar_invoice',
        attachments: [{ filename: pdf.fileName, contentType: PDF_TYPE, storageKey, size: pdf.body.length }],
      });
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: id,
        action: 'send',
        actor: { type: 'user', id: org.userId },
        changes: { to: body.to, fileName: pdf.fileName },
      });
      const invoice = await readArInvoice(tx, org.orgId, id);
      if (!invoice) throw new AppError('ar_invoice_not_found');
      return invoice;
    });
  }

  private async storedPdf(org: OrgContext, source: DocumentSource, locale: Locale): Promise<InvoiceDocumentFile> {
    assertIssued(source);
    const fileName = `${documentFileName(toOutgoingInvoice(source, null))}.pdf`;
    if (source.documentKey && source.documentVersion === source.version) {
      const stored = await this.storage.get(source.documentKey);
      if (stored) return { fileName, contentType: PDF_TYPE, body: stored.body };
    }
    assertCompanyDetails(source, 'pdf', locale);
    const logoFile = source.organization.logoKey ? await this.storage.get(source.organization.logoKey) : null;
    const invoice: OutgoingInvoice = toOutgoingInvoice(source, logoFile ? await logoForPdf(logoFile.body) : null);
    const body = Buffer.from(await renderInvoicePdf(invoice, { facturX: { xml: writeCiiInvoice(invoice, 'en16931') } }));
    const orgId = org.orgId;
    const key = pdfStorageKey(orgId, source.invoice.id, source.version);
    await this.storage.put(key, body, PDF_TYPE);
    // Only the version the PDF shows: an edit meanwhile leaves the row to the next download.
    await this.database.withOrg(tenant(org), (tx) =>
      tx
        .update(arInvoices)
        .set({ documentKey: key, documentVersion: source.version })
        .where(
          and(eq(arInvoices.organizationId, orgId), eq(arInvoices.id, source.invoice.id), eq(arInvoices.version, source.version)),
        ),
    );
    return { fileName, contentType: PDF_TYPE, body };
  }
}

function pdfStorageKey(orgId: string, id: string, version: number): string {
  return `org/${orgId}/ar-invoices/${id}/v${version}.pdf`;
}

function assertIssued(source: DocumentSource): void {
  if (source.invoice.status === 'draft' || !source.invoice.invoiceNumber) throw new AppError('ar_invoice_not_issued');
}

function companyDetailLabel(field: CompanyDetailsField, locale: Locale): string {
  return translateNotification(`companyDetail_${field}`, locale);
}

function assertCompanyDetails(source: DocumentSource, target: 'pdf' | 'xrechnung', locale: Locale): void {
  const missing = missingCompanyDetails(source.organization.companyDetails, target);
  if (missing.length === 0) return;
  throw new AppError(
    'company_details_missing',
    { fields: missing.map((field) => companyDetailLabel(field, locale)).join(', ') },
    { fieldErrors: Object.fromEntries(missing.map((field) => [field, ['required']])) },
  );
}
