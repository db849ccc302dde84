import { type CompanyBankAccount, type companyBankAccountInputSchema } from '@kontor/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, OrgId, Tx } from '../../db/database';
import { ledgerAccounts } from '../../db/schema';
import { countBankRecordsOf } from '../bank-transactions/accounts-repo';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { lockOrganizationScope, uniqueViolationConstraint } from '../master-data/db-errors';
import { requireCurrent, tenant } from '../master-data/service-helpers';
import { countInvoicesUsing } from '../master-data/usage-repo';
import {
  clearOtherDefaultDebitors,
  deleteCompanyBankAccountRow,
  findCompanyBankAccountRow,
  insertCompanyBankAccountRow,
  listCompanyBankAccountRows,
  updateCompanyBankAccountRow,
  type CompanyBankAccountRow,
} from './repo';

type CompanyBankAccountInput = z.output<typeof companyBankAccountInputSchema>;

export const toCompanyBankAccount = (row: CompanyBankAccountRow): CompanyBankAccount => ({
  id: row.id,
  name: row.name,
  iban: row.iban,
  bic: row.bic,
  isDefaultDebitor: row.isDefaultDebitor,
  ledgerAccountId: row.ledgerAccountId,
  accessValidUntil: row.accessValidUntil?.toISOString() ?? null,
  lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
  version: row.version,
});

/**
 * At most one default debitor (a partial unique index, migration 0005): changes of the flag are
 * serialised per organisation, and the others lose it before this one gets it.
 */
async function clearDefaultBeforeSetting(tx: Tx, orgId: OrgId, keepId: string | null): Promise<void> {
  await lockOrganizationScope(tx, orgId, 'default-debitor');
  await clearOtherDefaultDebitors(tx, orgId, keepId);
}

/** The G/L account must be one of this organisation's (row-level security hides the others). */
async function assertLedgerAccount(tx: Tx, orgId: OrgId, id: string | null): Promise<void> {
  if (id === null) return;
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.organizationId, orgId), eq(ledgerAccounts.id, id)));
  if (!row) throw new AppError('validation_failed', undefined, { fieldErrors: { ledgerAccountId: ['invalid'] } });
}

export class CompanyBankAccountService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext): Promise<CompanyBankAccount[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) => listCompanyBankAccountRows(tx, org.orgId), {
      readOnly: true,
    });
    return rows.map(toCompanyBankAccount);
  }

  async create(org: OrgContext, input: CompanyBankAccountInput): Promise<CompanyBankAccount> {
    return translateConflict(() =>
      this.database.withOrg(tenant(org), async (tx) => {
        await assertLedgerAccount(tx, org.orgId, input.ledgerAccountId);
        if (input.isDefaultDebitor) await clearDefaultBeforeSetting(tx, org.orgId, null);
        return toCompanyBankAccount(await insertCompanyBankAccountRow(tx, org.orgId, input));
      }),
    );
  }

  async update(org: OrgContext, id: string, input: CompanyBankAccountInput & { version: number }): Promise<CompanyBankAccount> {
    const { version, ...values } = input;
    return translateConflict(() =>
      this.database.withOrg(tenant(org), async (tx) => {
        requireCurrent(await findCompanyBankAccountRow(tx, org.orgId, id, true), version);
        await assertLedgerAccount(tx, org.orgId, values.ledgerAccountId);
        if (values.isDefaultDebitor) await clearDefaultBeforeSetting(tx, org.orgId, id);
        const row = await updateCompanyBankAccountRow(tx, org.orgId, id, version, values);
        if (!row) throw new AppError('stale_version');
        return toCompanyBankAccount(row);
      }),
    );
  }

  /** Refused while an invoice names it as the debitor account, or the bank booked transactions on it. */
  async remove(org: OrgContext, id: string, version?: number): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      requireCurrent(await findCompanyBankAccountRow(tx, org.orgId, id, true), version);
      const count = await countInvoicesUsing(tx, org.orgId, 'debitor_bank_account', id);
      if (count > 0) throw new AppError('master_data_in_use', { count });
      const booked = await countBankRecordsOf(tx, org.orgId, id);
      if (booked > 0) throw new AppError('bank_account_has_transactions', { count: booked });
      await deleteCompanyBankAccountRow(tx, org.orgId, id);
    });
  }
}

async function translateConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationConstraint(error) !== null) throw new AppError('bank_account_conflict');
    throw error;
  }
}
