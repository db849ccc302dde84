import { and, asc, eq, inArray } from 'drizzle-orm';
import type { InvoiceFields } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import {
  companyBankAccounts,
  costCenters,
  counterparties,
  counterpartyBankAccounts,
  ledgerAccounts,
  taxKeys,
} from '../../db/schema';

/** Field path → validation message key, for ids that name nothing of this organisation. */
export type ReferenceErrors = Record<string, string[]>;

const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/**
 * Every id in the form must name a record of this organisation (row-level security hides the
 * others, so a foreign id looks exactly like a missing one), and cost centres must have the
 * right type: KOST1 = type 1, KOST2 = type 2.
 */
export async function checkInvoiceReferences(tx: Tx, orgId: OrgId, fields: InvoiceFields): Promise<ReferenceErrors> {
  const lines = fields.partialAmount;
  const centreIds = unique([fields.costCenter, fields.costCenter2, ...lines.flatMap((l) => [l.costCenter, l.costCenter2])]);
  const ledgerIds = unique([fields.ledgerAccount, ...lines.map((l) => l.ledgerAccount)]);
  const taxKeyIds = unique([fields.taxKeyId, ...lines.map((l) => l.taxKeyId)]);
  // Sequential: a transaction is one connection (pg refuses overlapping queries on it).
  const centres = centreIds.length
    ? await tx
        .select({ id: costCenters.id, type: costCenters.type })
        .from(costCenters)
        .where(and(eq(costCenters.organizationId, orgId), inArray(costCenters.id, centreIds)))
    : [];
  const ledgers = ledgerIds.length
    ? await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.organizationId, orgId), inArray(ledgerAccounts.id, ledgerIds)))
    : [];
  const keys = taxKeyIds.length
    ? await tx
        .select({ id: taxKeys.id })
        .from(taxKeys)
        .where(and(eq(taxKeys.organizationId, orgId), inArray(taxKeys.id, taxKeyIds)))
    : [];
  const counterparty = fields.counterparty
    ? await tx
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, fields.counterparty)))
        // Holds off a concurrent delete of the counterparty until this invoice is saved (and counted).
        .for('key share')
    : [];
  const debitor = fields.debitorBankAccountId
    ? await tx
        .select({ id: companyBankAccounts.id })
        .from(companyBankAccounts)
        .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, fields.debitorBankAccountId)))
    : [];
  const centreTypes = new Map(centres.map((centre) => [centre.id, centre.type]));
  const ledgerSet = new Set(ledgers.map((row) => row.id));
  const keySet = new Set(keys.map((row) => row.id));
  const errors: ReferenceErrors = {};
  const flag = (path: string) => (errors[path] = ['invalid']);
  const checkCentre = (path: string, id: string | null, type: 1 | 2) => {
    if (id !== null && centreTypes.get(id) !== type) flag(path);
  };

  if (fields.counterparty && counterparty.length === 0) flag('counterparty');
  if (fields.debitorBankAccountId && debitor.length === 0) flag('debitorBankAccountId');
  checkCentre('costCenter', fields.costCenter, 1);
  checkCentre('costCenter2', fields.costCenter2, 2);
  if (fields.ledgerAccount && !ledgerSet.has(fields.ledgerAccount)) flag('ledgerAccount');
  if (fields.taxKeyId && !keySet.has(fields.taxKeyId)) flag('taxKeyId');
  lines.forEach((line, index) => {
    checkCentre(`partialAmount.${index}.costCenter`, line.costCenter, 1);
    checkCentre(`partialAmount.${index}.costCenter2`, line.costCenter2, 2);
    if (line.ledgerAccount && !ledgerSet.has(line.ledgerAccount)) flag(`partialAmount.${index}.ledgerAccount`);
    if (line.taxKeyId && !keySet.has(line.taxKeyId)) flag(`partialAmount.${index}.taxKeyId`);
  });
  return errors;
}

/** Name, VAT number and first bank account of a counterparty, to fill empty invoice fields. */
export async function findCounterpartyDefaults(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
): Promise<{ name: string; vatNumber: string | null; iban: string | null; bic: string | null } | null> {
  const [row] = await tx
    .select({ name: counterparties.name, vatNumber: counterparties.vatNumber })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, counterpartyId)))
    .limit(1);
  if (!row) return null;
  const account = await findFirstBankAccount(tx, orgId, counterpartyId);
  return { name: row.name, vatNumber: row.vatNumber, iban: account?.iban ?? null, bic: account?.bic ?? null };
}

/** The bank account an invoice of this counterparty is paid to unless the document names another: its first one. */
export async function findFirstBankAccount(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
): Promise<{ iban: string; bic: string | null } | null> {
  const [account] = await tx
    .select({ iban: counterpartyBankAccounts.iban, bic: counterpartyBankAccounts.bic })
    .from(counterpartyBankAccounts)
    .where(and(eq(counterpartyBankAccounts.organizationId, orgId), eq(counterpartyBankAccounts.counterpartyId, counterpartyId)))
    .orderBy(asc(counterpartyBankAccounts.createdAt), asc(counterpartyBankAccounts.id))
    .limit(1);
  return account ?? null;
}

/** The account new invoices are paid from unless someone picks another (SPEC §3 default debitor). */
export async function findDefaultDebitorAccountId(tx: Tx, orgId: OrgId): Promise<string | null> {
  const [row] = await tx
    .select({ id: companyBankAccounts.id })
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.isDefaultDebitor, true)))
    .orderBy(asc(companyBankAccounts.createdAt))
    .limit(1);
  return row?.id ?? null;
}
