import { eq } from 'drizzle-orm';
import { createCounterpartyInlineSchema } from '@kontor/domain';
import { insertCounterparty } from '../../modules/counterparties/service';
import { asOrgId, type Database, type OrgId, type Tx } from '../database';
import { companyBankAccounts, costCenters, counterparties, ledgerAccounts } from '../schema';

/** What every demo organisation gets so that the invoice form has something to choose from. */
const COST_CENTERS: { code: string; name: string; type: 1 | 2 }[] = [
  { code: '100', name: 'Geschäftsführung', type: 1 },
  { code: '200', name: 'Vertrieb', type: 1 },
  { code: '300', name: 'Marketing', type: 1 },
  { code: '400', name: 'Einkauf', type: 1 },
  { code: '500', name: 'IT', type: 1 },
  { code: '600', name: 'Verwaltung', type: 1 },
  { code: '1000', name: 'Projekt Website-Relaunch', type: 2 },
  { code: '2000', name: 'Projekt ERP-Einführung', type: 2 },
  { code: '3000', name: 'Messen und Events', type: 2 },
];

/** SKR03 expense accounts a small company books supplier invoices to. */
const LEDGER_ACCOUNTS: { code: string; name: string }[] = [
  { code: '3400', name: 'Wareneingang 19 % Vorsteuer' },
  { code: '4200', name: 'Raumkosten' },
  { code: '4210', name: 'Miete' },
  { code: '4650', name: 'Bewirtungskosten' },
  { code: '4670', name: 'Reisekosten' },
  { code: '4806', name: 'Wartungskosten Hard- und Software' },
  { code: '4920', name: 'Telefon' },
  { code: '4930', name: 'Bürobedarf' },
  { code: '4964', name: 'Aufwendungen für Lizenzen' },
  { code: '4980', name: 'Sonstiger Betriebsbedarf' },
];

/**
 * Invented suppliers with check-digit-valid IBANs (real bank codes) and well-formed VAT numbers.
 * The sandbox bank's generated statements pay them too, so their payments find their counterparty.
 */
export const DEMO_SUPPLIERS: { name: string; vatNumber: string; iban: string; bic: string }[] = [
  { name: 'Bürowelt Schneider GmbH', vatNumber: 'DE287654324', iban: 'DE25700202700015040123', bic: 'HYVEDEMMXXX' },
  { name: 'Nordlicht Telekommunikation GmbH', vatNumber: 'DE311245677', iban: 'DE05200400000628400123', bic: 'COBADEHHXXX' },
  { name: 'Alpen IT-Service GmbH', vatNumber: 'ATU12345675', iban: 'AT582011182715243001', bic: 'GIBAATWWXXX' },
  { name: 'Kaffeerösterei Wagner KG', vatNumber: 'ATU57894327', iban: 'AT533800000000123456', bic: 'RZSTAT2G' },
  { name: 'Hausverwaltung Becker & Söhne GmbH', vatNumber: 'DE298765435', iban: 'DE05100500000190123456', bic: 'BELADEBEXXX' },
  {
    name: 'Rheinland Logistik Krause GmbH & Co. KG',
    vatNumber: 'DE276543216',
    iban: 'DE66370501980012345678',
    bic: 'COLSDE33XXX',
  },
  { name: 'CloudWerk Software AG', vatNumber: 'DE314159262', iban: 'DE71500105175400123456', bic: 'INGDDEFFXXX' },
  {
    name: 'Badische Reinigungsdienste Hofmann GmbH',
    vatNumber: 'DE265358974',
    iban: 'DE65660501010108912345',
    bic: 'KARSDE66XXX',
  },
];

export const DEMO_BANK_ACCOUNTS: Record<string, { name: string; iban: string; bic: string }> = {
  demo: { name: 'Geschäftskonto Commerzbank', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  muster: { name: 'Geschäftskonto DKB', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
};

/**
 * Idempotent: unique indexes skip what exists (cost centres, accounts, bank account); suppliers
 * are matched by name. Runs as the owner, like the rest of the seed.
 */
export async function seedDemoMasterData(database: Database, organizationId: string, slug: string): Promise<void> {
  const orgId = asOrgId(organizationId);
  await database.withSystem(async (tx) => {
    await tx
      .insert(costCenters)
      .values(COST_CENTERS.map((row) => ({ organizationId: orgId, ...row })))
      .onConflictDoNothing();
    await tx
      .insert(ledgerAccounts)
      .values(LEDGER_ACCOUNTS.map((row) => ({ organizationId: orgId, ...row })))
      .onConflictDoNothing();
    const bankAccount = DEMO_BANK_ACCOUNTS[slug];
    if (bankAccount) await seedDefaultDebitor(tx, orgId, bankAccount);
    await seedSuppliers(tx, orgId);
  });
}

async function seedDefaultDebitor(tx: Tx, orgId: OrgId, account: { name: string; iban: string; bic: string }): Promise<void> {
  const existing = await tx
    .select({ id: companyBankAccounts.id })
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.organizationId, orgId))
    .limit(1);
  if (existing.length > 0) return;
  await tx
    .insert(companyBankAccounts)
    .values({ organizationId: orgId, ...account, isDefaultDebitor: true })
    .onConflictDoNothing();
}

async function seedSuppliers(tx: Tx, orgId: OrgId): Promise<void> {
  const existing = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.organizationId, orgId));
  const names = new Set(existing.map((row) => row.name));
  for (const supplier of DEMO_SUPPLIERS) {
    if (names.has(supplier.name)) continue;
    // Through the same schema and service as the invoice form: normalised, numbered and logged.
    await insertCounterparty(tx, orgId, createCounterpartyInlineSchema.parse(supplier), { type: 'system' });
  }
}
