import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { companyBankAccounts, counterparties, counterpartyBankAccounts } from '../../db/schema';

/**
 * Looking up the parties of imported payments, one statement per batch (not per entry). The values
 * travel as one array parameter (`= any($1)`), not one parameter each: a 1,000-entry batch would
 * otherwise build and send 1,000 parameters per lookup.
 */

export interface CompanyAccount {
  id: string;
  name: string;
  iban: string;
  bic: string | null;
}

/** The organisation's own accounts by IBAN (a handful: read once per import). */
export async function loadCompanyAccounts(tx: Tx, orgId: OrgId): Promise<Map<string, CompanyAccount>> {
  const rows = await tx
    .select({
      id: companyBankAccounts.id,
      name: companyBankAccounts.name,
      iban: companyBankAccounts.iban,
      bic: companyBankAccounts.bic,
    })
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.organizationId, orgId))
    .orderBy(asc(companyBankAccounts.createdAt), asc(companyBankAccounts.id));
  const byIban = new Map<string, CompanyAccount>();
  // Two accounts may carry the same IBAN under different names: the oldest is the one meant.
  for (const row of rows) if (!byIban.has(row.iban)) byIban.set(row.iban, row);
  return byIban;
}

export interface CounterpartyMatch {
  id: string;
  name: string;
}

/**
 * Counterparties by the IBANs of their bank accounts. An IBAN on several counterparties goes to the
 * one that recorded it first (the later ones are usually duplicates about to be merged).
 */
export async function findCounterpartiesByIban(
  tx: Tx,
  orgId: OrgId,
  ibans: Iterable<string>,
): Promise<Map<string, CounterpartyMatch>> {
  const wanted = [...new Set(ibans)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([counterpartyBankAccounts.iban], {
      iban: counterpartyBankAccounts.iban,
      id: counterparties.id,
      name: counterparties.name,
    })
    .from(counterpartyBankAccounts)
    .innerJoin(
      counterparties,
      and(
        eq(counterparties.organizationId, counterpartyBankAccounts.organizationId),
        eq(counterparties.id, counterpartyBankAccounts.counterpartyId),
      ),
    )
    .where(
      and(
        eq(counterpartyBankAccounts.organizationId, orgId),
        sql`${counterpartyBankAccounts.iban} = any(${sql.param(wanted)}::text[])`,
      ),
    )
    .orderBy(counterpartyBankAccounts.iban, asc(counterpartyBankAccounts.createdAt), asc(counterpartyBankAccounts.id));
  return new Map(rows.map((row) => [row.iban, { id: row.id, name: row.name }]));
}

/**
 * Counterparties by exact name, ignoring case (keys are lower case). Only names that name exactly
 * one counterparty: history must not be booked to the wrong one of two namesakes.
 */
export async function findCounterpartiesByName(tx: Tx, orgId: OrgId, names: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set([...names].map((name) => name.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const lowerName = sql<string>`lower(${counterparties.name})`;
  const rows = await tx
    .select({ name: lowerName, id: sql<string>`min(${counterparties.id}::text)`, count: sql<number>`count(*)::int` })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), sql`${lowerName} = any(${sql.param(wanted)}::text[])`))
    .groupBy(lowerName);
  return new Map(rows.filter((row) => row.count === 1).map((row) => [row.name, row.id]));
}
