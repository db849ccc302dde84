import { and, desc, asc, eq } from 'drizzle-orm';
import { addDaysIso } from '@kontor/domain/dates';
import {
  EMPTY_COMPANY_DETAILS,
  skontoAmountFor,
  type ArInvoice,
  type CompanyDetails,
  type InvoiceLanguage,
} from '@kontor/domain';
import { taxCategoryFor, unitCodeFor, type OutgoingInvoice, type OutgoingSeller } from '@kontor/formats';
import type { OrgId, Tx } from '../../db/database';
import { arInvoices, companyBankAccounts, counterparties, organizations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { readArInvoice } from './repo';

/**
 * Everything an outgoing invoice document is made of, read in one transaction: the receivable
 * with its lines, the customer, the organisation's company details and the account customers
 * pay to (the default company bank account, else the first by name).
 */
export interface DocumentSource {
  invoice: ArInvoice;
  version: number;
  documentKey: string | null;
  documentVersion: number | null;
  customer: typeof counterparties.$inferSelect;
  organization: { name: string; logoKey: string | null; companyDetails: CompanyDetails };
  bankAccount: { name: string; iban: string; bic: string | null } | null;
  preceding: { number: string | null; issueDate: string } | null;
}

export async function readDocumentSource(tx: Tx, orgId: OrgId, id: string): Promise<DocumentSource> {
  const invoice = await readArInvoice(tx, orgId, id);
  if (!invoice) throw new AppError('ar_invoice_not_found');
  const [[row], [customer], [organization], [bankAccount]] = await Promise.all([
    tx
      .select({ version: arInvoices.version, documentKey: arInvoices.documentKey, documentVersion: arInvoices.documentVersion })
      .from(arInvoices)
      .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.id, id))),
    tx
      .select()
      .from(counterparties)
      .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, invoice.counterpartyId))),
    tx
      .select({ name: organizations.name, logoKey: organizations.logoKey, companyDetails: organizations.companyDetails })
      .from(organizations)
      .where(eq(organizations.id, orgId)),
    tx
      .select({ name: companyBankAccounts.name, iban: companyBankAccounts.iban, bic: companyBankAccounts.bic })
      .from(companyBankAccounts)
      .where(eq(companyBankAccounts.organizationId, orgId))
      .orderBy(desc(companyBankAccounts.isDefaultDebitor), asc(companyBankAccounts.name))
      .limit(1),
  ]);
  if (!row || !customer || !organization) throw new AppError('ar_invoice_not_found');
  let preceding: DocumentSource['preceding'] = null;
  if (invoice.correctedInvoiceId) {
    const [corrected] = await tx
      .select({ number: arInvoices.invoiceNumber, issueDate: arInvoices.invoiceDate })
      .from(arInvoices)
      .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.id, invoice.correctedInvoiceId)));
    preceding = corrected ?? null;
  }
  return {
    invoice,
    version: row.version,
    documentKey: row.documentKey,
    documentVersion: row.documentVersion,
    customer,
    organization: { ...organization, companyDetails: { ...EMPTY_COMPANY_DETAILS, ...organization.companyDetails } },
    bankAccount: bankAccount ?? null,
    preceding,
  };
}

export function documentLanguage(source: DocumentSource): InvoiceLanguage {
  return source.customer.invoiceLanguage;
}

/** The source as the writers' model. Amounts come from the receivable as stored (exact, per rate). */
export function toOutgoingInvoice(source: DocumentSource, logo: OutgoingSeller['logo']): OutgoingInvoice {
  const { invoice, customer, organization, bankAccount } = source;
  const details = organization.companyDetails;
  const language = documentLanguage(source);
  const sellerCountry = details.countryCode ?? 'DE';
  const buyer = { countryCode: customer.country ?? sellerCountry, vatId: customer.vatNumber };
  const categoryOf = (rate: number) => taxCategoryFor(rate, sellerCountry, buyer, language);
  const sellerName = details.legalName ?? organization.name;
  const skonto =
    invoice.type === 'invoice' && invoice.skontoRate !== null && invoice.skontoDays !== null
      ? {
          rate: invoice.skontoRate,
          days: invoice.skontoDays,
          basis: invoice.totalAmount,
          amount: skontoAmountFor(invoice.totalAmount, invoice.skontoRate),
          until: addDaysIso(invoice.invoiceDate, invoice.skontoDays),
        }
      : null;
  return {
    type: invoice.type,
    number: invoice.invoiceNumber ?? '',
    issueDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    language,
    precedingInvoice: source.preceding?.number
      ? { number: source.preceding.number, issueDate: source.preceding.issueDate }
      : null,
    servicePeriod:
      invoice.servicePeriodStart && invoice.servicePeriodEnd
        ? { start: invoice.servicePeriodStart, end: invoice.servicePeriodEnd }
        : null,
    notes: invoice.notes,
    seller: {
      name: sellerName,
      address: { street: details.street, postalCode: details.postalCode, city: details.city, countryCode: sellerCountry },
      vatId: details.vatId,
      taxNumber: details.taxNumber,
      email: details.email,
      contact:
        details.contactName && details.phone && details.email
          ? { name: details.contactName, phone: details.phone, email: details.email }
          : null,
      website: details.website,
      registration: details.registration,
      managingDirectors: details.managingDirectors,
      logo,
    },
    buyer: {
      name: customer.name,
      address: { street: customer.street, postalCode: customer.zip, city: customer.city, countryCode: buyer.countryCode },
      vatId: customer.vatNumber,
      taxNumber: null,
      email: customer.email,
      buyerReference: customer.leitwegId,
      customerNumber: customer.accountsReceivableNumber,
    },
    payment: {
      iban: bankAccount?.iban ?? null,
      bic: bankAccount?.bic ?? null,
      accountName: bankAccount ? sellerName : null,
      reference: invoice.invoiceNumber ?? '',
      termDays: invoice.paymentTermDays,
      skonto,
    },
    lines: invoice.lineItems.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unitCode: unitCodeFor(line.unit),
      unit: line.unit,
      unitPrice: line.unitPrice,
      netAmount: line.netAmount,
      taxCategory: categoryOf(line.taxRate).category,
      taxRate: line.taxRate,
    })),
    taxBreakdown: invoice.taxBreakdown.map((tax) => {
      const choice = categoryOf(tax.rate);
      return {
        taxCategory: choice.category,
        rate: tax.rate,
        basis: tax.basis,
        tax: tax.tax,
        exemptionReason: choice.exemptionReason,
        exemptionReasonCode: choice.exemptionReasonCode,
      };
    }),
    totals: {
      net: invoice.netAmount,
      tax: invoice.taxAmount,
      gross: invoice.totalAmount,
      paid: invoice.paidAmount,
      due: invoice.totalAmount - invoice.paidAmount,
    },
  };
}
