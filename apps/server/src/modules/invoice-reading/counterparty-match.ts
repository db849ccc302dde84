import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { normalizeIban, normalizeVatNumber, type ProposedCounterparty } from '@kontor/domain';
import type { ExtractedInvoice } from '@kontor/formats';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts } from '../../db/schema';

/** Below this trigram similarity two supplier names are different suppliers (e.g. "Müller GmbH" / "Möller AG"). */
export const NAME_SIMILARITY_THRESHOLD = 0.6;

export interface RecognisedCounterparty {
  id: string;
  /** How it was found; 'name' matches carry their similarity as confidence. */
  by: 'iban' | 'vat' | 'name';
  confidence: number;
}

/**
 * The seller as a known counterparty: by IBAN first (the account money goes to is the strongest
 * identity), then by VAT ID, then by a fuzzy name match (pg_trgm on the names in Unicode lower case,
 * counterparties_search_name_trgm: "MÜLLER GMBH" is "Müller GmbH").
 */
export async function recogniseCounterparty(
  tx: Tx,
  orgId: OrgId,
  invoice: ExtractedInvoice,
): Promise<RecognisedCounterparty | null> {
  // A different payee's account (a factor, a parent company) says nothing about who the seller is.
  const iban = invoice.iban?.value && !isPayeeAccount(invoice) ? normalizeIban(invoice.iban.value) : null;
  if (iban) {
    const [row] = await tx
      .select({ id: counterpartyBankAccounts.counterpartyId })
      .from(counterpartyBankAccounts)
      .where(and(eq(counterpartyBankAccounts.organizationId, orgId), eq(counterpartyBankAccounts.iban, iban)))
      .orderBy(asc(counterpartyBankAccounts.createdAt))
      .limit(1);
    if (row) return { id: row.id, by: 'iban', confidence: invoice.iban!.confidence };
  }
  const vat = invoice.seller.vatId?.value ? normalizeVatNumber(invoice.seller.vatId.value) : null;
  if (vat) {
    const [row] = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.vatNumber, vat)))
      .orderBy(asc(counterparties.createdAt))
      .limit(1);
    if (row) return { id: row.id, by: 'vat', confidence: invoice.seller.vatId!.confidence };
  }
  const name = invoice.seller.name?.value.trim();
  if (name) {
    const searchName = sql`counterparty_search_text(${name})`;
    const similarity = sql<number>`similarity(${counterparties.searchName}, ${searchName})`;
    // `%` (similarity above pg_trgm's threshold, 0.3) lets the trigram index find the candidates.
    const [row] = await tx
      .select({ id: counterparties.id, similarity })
      .from(counterparties)
      .where(and(eq(counterparties.organizationId, orgId), sql`${counterparties.searchName} % ${searchName}`))
      .orderBy(desc(similarity), asc(counterparties.createdAt))
      .limit(1);
    if (row && row.similarity >= NAME_SIMILARITY_THRESHOLD) {
      return { id: row.id, by: 'name', confidence: Math.min(row.similarity, invoice.seller.name!.confidence) };
    }
  }
  return null;
}

export interface CounterpartyFill {
  name: string;
  vatNumber: string | null;
  defaultLedgerAccountId: string | null;
  paymentTermsDays: number | null;
  skontoDays: number | null;
  skontoRate: number | null;
}

/** What a recognised counterparty contributes to empty invoice fields. */
export async function findCounterpartyFill(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<CounterpartyFill | null> {
  const [row] = await tx
    .select({
      name: counterparties.name,
      vatNumber: counterparties.vatNumber,
      defaultLedgerAccountId: counterparties.defaultLedgerAccountId,
      paymentTermsDays: counterparties.paymentTermsDays,
      skontoDays: counterparties.skontoDays,
      skontoRate: counterparties.skontoRate,
    })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, counterpartyId)))
    .limit(1);
  return row ?? null;
}

/** The document's account belongs to a payee other than the seller (EN 16931 BG-10). */
export function isPayeeAccount(invoice: ExtractedInvoice): boolean {
  return invoice.payee !== undefined || invoice.documentAccount?.value.role === 'payee';
}

/** An unknown supplier, prefilled from the document for the "create counterparty" offer. */
export function proposeCounterparty(invoice: ExtractedInvoice): ProposedCounterparty | null {
  const seller = invoice.seller;
  const name = seller.name?.value.trim();
  if (!name) return null;
  const address = seller.address?.value;
  return {
    name,
    vatNumber: seller.vatId?.value ?? null,
    taxNumber: seller.taxNumber?.value ?? null,
    // A different payee's account is not the supplier's own.
    iban: isPayeeAccount(invoice) ? null : (invoice.iban?.value ?? null),
    bic: isPayeeAccount(invoice) ? null : (invoice.bic?.value ?? null),
    email: seller.email?.value ?? null,
    street: address?.street ?? null,
    postalCode: address?.postalCode ?? null,
    city: address?.city ?? null,
    countryCode: address?.countryCode ?? null,
  };
}
