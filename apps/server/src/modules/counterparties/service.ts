import type { CounterpartySummary, CreateCounterpartyFromInvoice, CreateCounterpartyInline } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { lockOrganizationScope } from '../master-data/db-errors';
import { tenant } from '../master-data/service-helpers';
import { assignAccountNumber } from './numbering';
import { numberTaken } from './record-mapping';
import { findCounterpartyIdByVatNumber } from './record-repo';
import type { VatCheckHook, VatCheckJob } from '../vat-check/service';
import {
  findCounterpartySummaryRow,
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
 * SPEC §8 "already exists": a VAT number names one company, so a second counterparty with it is
 * refused (409 counterparty_exists, field vatNumber). Checked under a per-number lock, not by a
 * unique index: data from before this rule (and imports) may hold duplicates, which the merge
 * feature resolves. The lock keeps two concurrent creations from both passing.
 */
export async function ensureVatNumberFree(tx: Tx, orgId: OrgId, vatNumber: string | null, exceptId: string | null) {
  if (!vatNumber) return;
  await lockOrganizationScope(tx, orgId, `counterparty-vat:${vatNumber}`);
  if (await findCounterpartyIdByVatNumber(tx, orgId, vatNumber, exceptId)) {
    throw numberTaken('vatNumber');
  }
}

/** Creates a counterparty with its first bank account, numbered and logged, in the caller's transaction. */
export async function insertCounterparty(
  tx: Tx,
  orgId: OrgId,
  input: CreateCounterpartyInline & Partial<Pick<CreateCounterpartyFromInvoice, 'email' | 'street' | 'zip' | 'city' | 'country'>>,
  actor: { type: 'user'; id: string } | { type: 'system' },
): Promise<string> {
  const accountsPayableNumber = await assignAccountNumber(tx, orgId, 'payable');
  const contact = {
    email: input.email ?? null,
    street: input.street ?? null,
    zip: input.zip ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
  };
  const { id } = await insertCounterpartyRow(tx, orgId, {
    name: input.name,
    vatNumber: input.vatNumber,
    accountsPayableNumber,
    ...contact,
  });
  if (input.iban) await insertCounterpartyBankAccountRow(tx, orgId, { counterpartyId: id, iban: input.iban, bic: input.bic });
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: id,
    action: 'create',
    actor,
    changes: {
      name: input.name,
      vatNumber: input.vatNumber,
      iban: input.iban,
      bic: input.bic,
      accountsPayableNumber,
      ...Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== null)),
    },
  });
  return id;
}

export class CounterpartyService {
  constructor(
    private readonly database: Database,
    private readonly vatChecks?: VatCheckHook,
  ) {}

  async search(org: OrgContext, query: { search?: string | undefined; limit: number }): Promise<CounterpartySummary[]> {
    const rows = await this.database.withOrg(
      tenant(org),
      (tx) => searchCounterpartyRows(tx, org.orgId, query.search, query.limit),
      { readOnly: true },
    );
    return rows.map(toSummary);
  }

  /** Inline creation from the invoice form. */
  async create(org: OrgContext, input: CreateCounterpartyFromInvoice): Promise<CounterpartySummary> {
    let vatCheckJob: VatCheckJob | null = null;
    const created = await this.database.withOrg(tenant(org), async (tx) => {
      await ensureVatNumberFree(tx, org.orgId, input.vatNumber, null);
      const id = await insertCounterparty(tx, org.orgId, input, { type: 'user', id: org.userId });
      vatCheckJob = (await this.vatChecks?.start(tx, org.orgId, id, input.vatNumber)) ?? null;
      const row = await findCounterpartySummaryRow(tx, org.orgId, id);
      return toSummary(row!);
    });
    await this.vatChecks?.enqueue(vatCheckJob);
    return created;
  }
}
