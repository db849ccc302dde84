import type { CounterpartySummary, CreateCounterpartyInline } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { lockOrganizationScope } from '../master-data/db-errors';
import { tenant } from '../master-data/service-helpers';
import { findOrganization } from '../organizations/repo';
import {
  findCounterpartySummaryRow,
  findHighestAccountsPayableNumber,
  insertCounterpartyBankAccountRow,
  insertCounterpartyRow,
  searchCounterpartyRows,
  type CounterpartySummaryRow,
} from './repo';

const toSummary = (row: CounterpartySummaryRow): CounterpartySummary => ({
  id: row.id,
  name: row.name,
  vatNumber: row.vatNumber,
  iban: row.iban,
  bic: row.bic,
  accountsPayableNumber: row.accountsPayableNumber,
});

/**
 * The next accounts-payable number when the organisation numbers automatically (SPEC §3, e.g. 70001):
 * one above the highest numeric number so far, never below the start number. The lock makes two
 * concurrent creations take consecutive numbers instead of the same one.
 */
export async function assignAccountsPayableNumber(tx: Tx, orgId: OrgId): Promise<string | null> {
  const organization = await findOrganization(tx, orgId);
  if (!organization?.apNumberingEnabled) return null;
  await lockOrganizationScope(tx, orgId, 'accounts-payable-number');
  const highest = await findHighestAccountsPayableNumber(tx, orgId);
  const next = highest === null ? organization.apStartNumber : Math.max(highest + 1, organization.apStartNumber);
  return String(next);
}

/** Creates a counterparty with its first bank account, numbered and logged, in the caller's transaction. */
export async function insertCounterparty(
  tx: Tx,
  orgId: OrgId,
  input: CreateCounterpartyInline,
  actor: { type: 'user'; id: string } | { type: 'system' },
): Promise<string> {
  const accountsPayableNumber = await assignAccountsPayableNumber(tx, orgId);
  const { id } = await insertCounterpartyRow(tx, orgId, { name: input.name, vatNumber: input.vatNumber, accountsPayableNumber });
  if (input.iban) await insertCounterpartyBankAccountRow(tx, orgId, { counterpartyId: id, iban: input.iban, bic: input.bic });
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: id,
    action: 'create',
    actor,
    changes: { name: input.name, vatNumber: input.vatNumber, iban: input.iban, bic: input.bic, accountsPayableNumber },
  });
  return id;
}

export class CounterpartyService {
  constructor(private readonly database: Database) {}

  async search(org: OrgContext, query: { search?: string | undefined; limit: number }): Promise<CounterpartySummary[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) =>
      searchCounterpartyRows(tx, org.orgId, query.search, query.limit),
    );
    return rows.map(toSummary);
  }

  async get(org: OrgContext, id: string): Promise<CounterpartySummary> {
    const row = await this.database.withOrg(tenant(org), (tx) => findCounterpartySummaryRow(tx, org.orgId, id));
    if (!row) throw new AppError('counterparty_not_found');
    return toSummary(row);
  }

  /** Inline creation from the invoice form. */
  async create(org: OrgContext, input: CreateCounterpartyInline): Promise<CounterpartySummary> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const id = await insertCounterparty(tx, org.orgId, input, { type: 'user', id: org.userId });
      const row = await findCounterpartySummaryRow(tx, org.orgId, id);
      return toSummary(row!);
    });
  }
}
