import type { Counterparty, CounterpartyFields, UpdateCounterpartyBody } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { flowNamesNaming } from '../approvals/flow-repo';
import type { OrgContext } from '../../plugins/session';
import type { ActivityLogEntry } from '../activity-log/reader';
import { diffFields, writeActivity, type Actor } from '../activity-log/writer';
import { tenant } from '../master-data/service-helpers';
import { assignAccountNumber, lockAccountNumbers, type AccountNumberKind } from './numbering';
import { readCounterparty, toCounterpartyValues, toLoggedFields, translateCounterpartyConflicts } from './record-mapping';
import {
  countCounterpartyInvoices,
  countCounterpartyTransactions,
  deleteBankAccountRows,
  deleteCounterpartyRow,
  findCounterpartyRow,
  findReferencedBankAccountIds,
  hasLedgerAccount,
  insertBankAccountRows,
  insertCounterpartyRecordRow,
  listBankAccountRows,
  listCounterpartyActivity,
  unlinkPaymentHistory,
  updateBankAccountRow,
  updateCounterpartyRecordRow,
  type BankAccountRow,
  type CounterpartyRow,
} from './record-repo';
import { ensureVatNumberFree } from './service';
import { logTrustRemoved, resolveTrustAfterBankChange } from './trust-after-change';
import { retireBankAccountVerifications } from '../counterparty-verification/bank-account-changes';
import type { VatCheckHook, VatCheckJob } from '../vat-check/service';

const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });

/** The row the caller wants to change, locked: 404 when not in this organisation, 409 when the version is stale. */
async function lockCurrent(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number | undefined,
  lock: 'update' | 'no key update',
): Promise<CounterpartyRow> {
  const row = await findCounterpartyRow(tx, orgId, id, lock);
  if (!row) throw new AppError('counterparty_not_found');
  if (version !== undefined && row.version !== version) throw new AppError('stale_version');
  return row;
}

/**
 * SPEC §3 numbering: a given number is kept (and must be free: the unique index answers
 * number_taken); null numbers the counterparty automatically, unless it has a number already
 * (an update keeps it: clearing a number is not a way to renumber).
 */
async function resolveNumber(
  tx: Tx,
  orgId: OrgId,
  kind: AccountNumberKind,
  given: string | null,
  current: string | null,
): Promise<string | null> {
  if (given === null) return current ?? (await assignAccountNumber(tx, orgId, kind));
  if (given !== current) await lockAccountNumbers(tx, orgId, kind);
  return given;
}

async function resolveNumbers(tx: Tx, orgId: OrgId, fields: CounterpartyFields, before: CounterpartyRow | null) {
  const accountsPayableNumber = await resolveNumber(
    tx,
    orgId,
    'payable',
    fields.accountsPayableNumber,
    before?.accountsPayableNumber ?? null,
  );
  const accountsReceivableNumber = await resolveNumber(
    tx,
    orgId,
    'receivable',
    fields.accountsReceivableNumber,
    before?.accountsReceivableNumber ?? null,
  );
  return { accountsPayableNumber, accountsReceivableNumber };
}

async function checkLedgerAccount(tx: Tx, orgId: OrgId, id: string | null): Promise<void> {
  if (id !== null && !(await hasLedgerAccount(tx, orgId, id))) {
    throw new AppError('validation_failed', undefined, { fieldErrors: { defaultLedgerAccountId: ['invalid'] } });
  }
}

/**
 * The body's list replaces the counterparty's accounts: accounts with an id are kept (and
 * updated), those without are created, missing ones are deleted unless something still refers
 * to them (the hook in findReferencedBankAccountIds). A removed account and one whose IBAN changed
 * lose their verifications (retireBankAccountVerifications): those were for another IBAN.
 */
async function replaceBankAccounts(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  existing: BankAccountRow[],
  wanted: CounterpartyFields['bankAccounts'],
): Promise<void> {
  const existingById = new Map(existing.map((account) => [account.id, account]));
  const fieldErrors: Record<string, string[]> = {};
  wanted.forEach((account, index) => {
    if (account.id && !existingById.has(account.id)) fieldErrors[`bankAccounts.${index}.id`] = ['invalid'];
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('validation_failed', undefined, { fieldErrors });

  const keptIds = new Set(wanted.flatMap((account) => (account.id ? [account.id] : [])));
  const removedIds = existing.filter((account) => !keptIds.has(account.id)).map((account) => account.id);
  const referenced = await findReferencedBankAccountIds(tx, orgId, removedIds);
  if (referenced.length > 0) throw new AppError('bank_account_conflict', { reason: 'referenced' });
  const deletedIds = await deleteBankAccountRows(tx, orgId, counterpartyId, removedIds);

  const ibanChangedIds: string[] = [];
  for (const account of wanted) {
    if (!account.id) continue;
    const before = existingById.get(account.id)!;
    const isIbanChanged = before.iban !== account.iban;
    if (isIbanChanged) ibanChangedIds.push(account.id);
    if (before.name !== account.name || isIbanChanged || before.bic !== account.bic) {
      await updateBankAccountRow(
        tx,
        orgId,
        counterpartyId,
        account.id,
        { name: account.name, iban: account.iban, bic: account.bic },
        isIbanChanged,
      );
    }
  }
  const created = wanted.filter((account) => !account.id);
  await insertBankAccountRows(
    tx,
    orgId,
    counterpartyId,
    created.map((account) => ({ name: account.name, iban: account.iban, bic: account.bic })),
  );
  await retireBankAccountVerifications(tx, orgId, [...deletedIds, ...ibanChangedIds]);
}

/**
 * The counterparty records of SPEC §3: create, change, delete, trust. Every write checks the
 * rules a schema cannot (unique numbers and VAT number, the ledger account, references) and
 * leaves an activity entry in the same transaction (ARCHITECTURE §3.7).
 */
export class CounterpartyRecordService {
  constructor(
    private readonly database: Database,
    /** Sets the VAT check state with a new or changed VAT number and queues VIES after commit. */
    private readonly vatChecks?: VatCheckHook,
  ) {}

  async get(org: OrgContext, id: string): Promise<Counterparty> {
    return this.database.withOrg(tenant(org), (tx) => readCounterparty(tx, org.orgId, id), { readOnly: true });
  }

  async create(org: OrgContext, fields: CounterpartyFields): Promise<Counterparty> {
    let vatCheckJob: VatCheckJob | null = null;
    const created = await translateCounterpartyConflicts(() =>
      this.database.withOrg(tenant(org), async (tx) => {
        await ensureVatNumberFree(tx, org.orgId, fields.vatNumber, null);
        await checkLedgerAccount(tx, org.orgId, fields.defaultLedgerAccountId);
        const numbers = await resolveNumbers(tx, org.orgId, fields, null);
        const row = await insertCounterpartyRecordRow(tx, org.orgId, toCounterpartyValues(fields, numbers));
        vatCheckJob = (await this.vatChecks?.start(tx, org.orgId, row.id, fields.vatNumber)) ?? null;
        await insertBankAccountRows(
          tx,
          org.orgId,
          row.id,
          fields.bankAccounts.map((account) => ({ name: account.name, iban: account.iban, bic: account.bic })),
        );
        await writeActivity(tx, org.orgId, {
          entityType: 'counterparty',
          entityId: row.id,
          action: 'create',
          actor: actorOf(org),
          changes: toLoggedFields(row, fields.bankAccounts),
        });
        return readCounterparty(tx, org.orgId, row.id);
      }),
    );
    await this.vatChecks?.enqueue(vatCheckJob);
    return created;
  }

  async update(org: OrgContext, id: string, body: UpdateCounterpartyBody): Promise<Counterparty> {
    const { version, ...fields } = body;
    let vatCheckJob: VatCheckJob | null = null;
    const updated = await translateCounterpartyConflicts(() =>
      this.database.withOrg(tenant(org), async (tx) => {
        const before = await lockCurrent(tx, org.orgId, id, version, 'no key update');
        const accountsBefore = await listBankAccountRows(tx, org.orgId, id);
        if (fields.vatNumber !== before.vatNumber) await ensureVatNumberFree(tx, org.orgId, fields.vatNumber, id);
        await checkLedgerAccount(tx, org.orgId, fields.defaultLedgerAccountId);
        const numbers = await resolveNumbers(tx, org.orgId, fields, before);
        await replaceBankAccounts(tx, org.orgId, id, accountsBefore, fields.bankAccounts);
        const trust = resolveTrustAfterBankChange(
          before,
          accountsBefore.map((account) => account.iban),
          fields.bankAccounts.map((account) => account.iban),
        );
        const after = await updateCounterpartyRecordRow(tx, org.orgId, id, version, {
          ...toCounterpartyValues(fields, numbers),
          ...trust.fields,
        });
        if (!after) throw new AppError('stale_version');
        if (fields.vatNumber !== before.vatNumber) {
          vatCheckJob = (await this.vatChecks?.start(tx, org.orgId, id, fields.vatNumber)) ?? null;
        }
        const accountsAfter = await listBankAccountRows(tx, org.orgId, id);
        await writeActivity(tx, org.orgId, {
          entityType: 'counterparty',
          entityId: id,
          action: 'update',
          actor: actorOf(org),
          changes: diffFields(toLoggedFields(before, accountsBefore), toLoggedFields(after, accountsAfter)),
        });
        if (trust.newIbans.length > 0) await logTrustRemoved(tx, org.orgId, id, trust.newIbans);
        return readCounterparty(tx, org.orgId, id);
      }),
    );
    await this.vatChecks?.enqueue(vatCheckJob);
    return updated;
  }

  /** SPEC §5: refused while invoices or transactions refer to it, with the blockers counted. */
  async remove(org: OrgContext, id: string, version: number | undefined): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      // FOR UPDATE conflicts with the KEY SHARE lock an invoice save takes on its counterparty
      // (invoices/references.ts): an invoice linked meanwhile is counted, or its save finds none.
      const row = await lockCurrent(tx, org.orgId, id, version, 'update');
      const [invoiceCounts, transactions] = await Promise.all([
        countCounterpartyInvoices(tx, org.orgId, id),
        countCounterpartyTransactions(tx, org.orgId, id),
      ]);
      if (invoiceCounts.total > 0 || transactions > 0) {
        throw new AppError('counterparty_in_use', { invoices: invoiceCounts.total, transactions });
      }
      // A flow condition naming a deleted counterparty would never match again, silently.
      const flows = await flowNamesNaming(tx, org.orgId, 'counterparty', id);
      if (flows.length > 0) throw new AppError('counterparty_in_approval_flows', { flows: flows.join(', ') });
      // Payment history does not block (SPEC §5 names invoices and transactions): it has no foreign key, so it is unlinked here.
      const unlinkedPayments = await unlinkPaymentHistory(tx, org.orgId, id);
      await deleteCounterpartyRow(tx, org.orgId, id);
      await writeActivity(tx, org.orgId, {
        entityType: 'counterparty',
        entityId: id,
        action: 'delete',
        actor: actorOf(org),
        changes: {
          name: row.name,
          vatNumber: row.vatNumber,
          accountsPayableNumber: row.accountsPayableNumber,
          ...(unlinkedPayments > 0 ? { unlinkedPayments } : {}),
        },
      });
    });
  }

  /** Marks trusted (keeping when and by whom) or removes trust; setting the state it has changes nothing. */
  async setTrusted(org: OrgContext, id: string, version: number, isTrusted: boolean): Promise<Counterparty> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await lockCurrent(tx, org.orgId, id, version, 'no key update');
      if (before.isTrusted === isTrusted) return readCounterparty(tx, org.orgId, id);
      const after = await updateCounterpartyRecordRow(tx, org.orgId, id, version, {
        isTrusted,
        markedTrustedAt: isTrusted ? new Date() : null,
        markedTrustedBy: isTrusted ? org.userId : null,
      });
      if (!after) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'counterparty',
        entityId: id,
        action: 'update',
        actor: actorOf(org),
        changes: { isTrusted: { from: before.isTrusted, to: isTrusted } },
      });
      return readCounterparty(tx, org.orgId, id);
    });
  }

  async activity(org: OrgContext, id: string): Promise<{ items: ActivityLogEntry[] }> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        if (!(await findCounterpartyRow(tx, org.orgId, id))) throw new AppError('counterparty_not_found');
        return { items: await listCounterpartyActivity(tx, org.orgId, id) };
      },
      { readOnly: true },
    );
  }
}
