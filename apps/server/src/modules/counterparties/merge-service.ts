import {
  combineBankAccounts,
  hasPermission,
  listDifferingMergeFields,
  resolveMergedCounterparty,
  type Counterparty,
  type CounterpartyFields,
  type CounterpartyMergeBody,
  type CounterpartyMergePreview,
  type CounterpartyMergePreviewQuery,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { diffFields, writeActivity, type Actor } from '../activity-log/writer';
import { tenant } from '../master-data/service-helpers';
import type { VatCheckHook, VatCheckJob } from '../vat-check/service';
import { mergeDuplicateKey, translateMergeFailures } from './merge-errors';
import { logMovedInvoices } from './merge-invoice-log';
import {
  countMovedReferences,
  listInvoicesOfCounterparty,
  lockCounterpartyPair,
  moveBankAccounts,
  moveReferences,
  renameOpenInvoices,
  repointBankAccountHistory,
} from './merge-repo';
import { lockAccountNumbers } from './numbering';
import { TRUST_COUNTERPARTIES } from './policy';
import { readCounterparty, toCounterpartyValues, toLoggedFields } from './record-mapping';
import {
  deleteBankAccountRows,
  deleteCounterpartyRow,
  hasLedgerAccount,
  listBankAccountRows,
  updateCounterpartyRecordRow,
  type CounterpartyRow,
} from './record-repo';
import { ensureVatNumberFree } from './service';

type Pair = { survivor: CounterpartyRow; merged: CounterpartyRow };

/** Both rows, locked in id order; 404 when either is not in this organisation, 409 on a stale version. */
async function lockPair(tx: Tx, orgId: OrgId, body: CounterpartyMergeBody): Promise<Pair> {
  const rows = await lockCounterpartyPair(tx, orgId, [body.survivorId, body.mergedId]);
  const survivor = rows.find((row) => row.id === body.survivorId);
  const merged = rows.find((row) => row.id === body.mergedId);
  if (!survivor || !merged) throw new AppError('counterparty_not_found');
  if (survivor.version !== body.survivorVersion || merged.version !== body.mergedVersion) throw new AppError('stale_version');
  return { survivor, merged };
}

/**
 * A trusted payee is paid with less scrutiny, so trust is for those who may grant it
 * (TRUST_COUNTERPARTIES): a merge that leaves the survivor trusted and either brings trust over
 * from the merged one or adds IBANs the trusted record did not have would otherwise be a way
 * around that rule.
 */
function checkTrustPermission(org: OrgContext, pair: Pair, trustFromMerged: boolean, addsIbans: boolean): void {
  const isTrustedAfter = trustFromMerged ? pair.merged.isTrusted : pair.survivor.isTrusted;
  const gainsTrust = trustFromMerged && pair.merged.isTrusted && !pair.survivor.isTrusted;
  if (!isTrustedAfter || !(gainsTrust || addsIbans)) return;
  if (!hasPermission(org.role, org.permissions, TRUST_COUNTERPARTIES)) {
    throw new AppError('permission_denied', { permission: TRUST_COUNTERPARTIES.join(' / ') });
  }
}

/**
 * Merging two counterparties (SPEC §5 §8): one transaction moves invoices, bank accounts and
 * verification history to the survivor, gives the survivor the chosen fields, logs a "merge"
 * entry and deletes the merged counterparty.
 */
export class CounterpartyMergeService {
  constructor(
    private readonly database: Database,
    /** Restarts the VAT check when the survivor gets a number whose check state does not come along. */
    private readonly vatChecks?: VatCheckHook,
  ) {}

  async preview(org: OrgContext, query: CounterpartyMergePreviewQuery): Promise<CounterpartyMergePreview> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const survivor = await readCounterparty(tx, org.orgId, query.survivorId);
        const merged = await readCounterparty(tx, org.orgId, query.mergedId);
        const accounts = combineBankAccounts(survivor.bankAccounts, merged.bankAccounts);
        const counts = await countMovedReferences(tx, org.orgId, merged.id);
        return {
          survivor,
          merged,
          differingFields: listDifferingMergeFields(survivor, merged),
          moves: { ...counts, bankAccounts: accounts.moved.length, duplicateBankAccounts: accounts.duplicates.length },
          hasTrustedCounterparty: survivor.isTrusted || merged.isTrusted,
        };
      },
      { readOnly: true },
    );
  }

  async merge(org: OrgContext, body: CounterpartyMergeBody): Promise<Counterparty> {
    let attempted: CounterpartyFields | null = null;
    let vatCheckJob: VatCheckJob | null = null;
    const result = await translateMergeFailures(
      () =>
        this.database.withOrg(tenant(org), async (tx) => {
          const pair = await lockPair(tx, org.orgId, body);
          const survivorBefore = await readCounterparty(tx, org.orgId, pair.survivor.id);
          const mergedBefore = await readCounterparty(tx, org.orgId, pair.merged.id);
          const resolution = resolveMergedCounterparty(survivorBefore, mergedBefore, body.fieldChoices);
          if (!resolution.ok) throw new AppError('validation_failed', undefined, { fieldErrors: resolution.fieldErrors });
          const { fields, sides, takenFromMerged } = resolution;
          attempted = fields;
          const accounts = combineBankAccounts(survivorBefore.bankAccounts, mergedBefore.bankAccounts);
          checkTrustPermission(org, pair, sides.trust === 'merged', accounts.moved.length > 0);
          if (fields.defaultLedgerAccountId && !(await hasLedgerAccount(tx, org.orgId, fields.defaultLedgerAccountId))) {
            throw new AppError('validation_failed', undefined, { fieldErrors: { defaultLedgerAccountId: ['invalid'] } });
          }
          const moves = await this.moveEverything(tx, org, pair, accounts, fields.name);
          await deleteCounterpartyRow(tx, org.orgId, pair.merged.id);

          // Checked only now: the merged one (which may hold the chosen numbers) is gone.
          if (fields.vatNumber !== pair.survivor.vatNumber)
            await this.ensureVatNumberFree(tx, org.orgId, fields, pair.survivor.id);
          if (fields.accountsPayableNumber !== pair.survivor.accountsPayableNumber)
            await lockAccountNumbers(tx, org.orgId, 'payable');
          if (fields.accountsReceivableNumber !== pair.survivor.accountsReceivableNumber)
            await lockAccountNumbers(tx, org.orgId, 'receivable');
          const trustSource = sides.trust === 'merged' ? pair.merged : pair.survivor;
          // The merged one's check state belongs to its number exactly as stored; a number the
          // form's rules rewrote (stored before them, or imported) is a new number to check.
          const isVatCheckFromMerged = sides.vatNumber === 'merged' && fields.vatNumber === pair.merged.vatNumber;
          const after = await updateSurvivor(
            tx,
            org.orgId,
            pair,
            body.survivorVersion,
            fields,
            trustSource,
            isVatCheckFromMerged,
          );
          // A new number for the survivor without its state: checked like a changed number on edit.
          if (fields.vatNumber !== pair.survivor.vatNumber && !isVatCheckFromMerged) {
            vatCheckJob = (await this.vatChecks?.start(tx, org.orgId, pair.survivor.id, fields.vatNumber)) ?? null;
          }

          const accountsAfter = await listBankAccountRows(tx, org.orgId, pair.survivor.id);
          await writeActivity(tx, org.orgId, {
            entityType: 'counterparty',
            entityId: pair.survivor.id,
            action: 'merge',
            actor: actorOf(org),
            // The changed fields as { from, to } like an edit (the history lists them), plus what was merged and moved.
            changes: {
              ...diffFields(
                { ...toLoggedFields(pair.survivor, survivorBefore.bankAccounts), isTrusted: pair.survivor.isTrusted },
                { ...toLoggedFields(after, accountsAfter), isTrusted: after.isTrusted },
              ),
              mergedId: pair.merged.id,
              mergedName: pair.merged.name,
              takenFromMerged,
              moves,
            },
          });
          return readCounterparty(tx, org.orgId, pair.survivor.id);
        }),
      () => attempted,
    );
    // After commit, like every VAT check job: sent earlier it could read the survivor before the merge.
    await this.vatChecks?.enqueue(vatCheckJob);
    return result;
  }

  private async ensureVatNumberFree(tx: Tx, orgId: OrgId, fields: CounterpartyFields, survivorId: string): Promise<void> {
    try {
      await ensureVatNumberFree(tx, orgId, fields.vatNumber, survivorId);
    } catch (error) {
      // Duplicate VAT numbers can exist from before the rule or from imports: a third counterparty holds it.
      if (error instanceof AppError && error.code === 'counterparty_exists')
        throw mergeDuplicateKey('vatNumber', fields.vatNumber);
      throw error;
    }
  }

  /** Everything that names the merged counterparty now names the survivor; answers what moved. */
  private async moveEverything(
    tx: Tx,
    org: OrgContext,
    pair: Pair,
    accounts: ReturnType<typeof combineBankAccounts<{ id: string; name: string; iban: string; bic: string | null }>>,
    survivorName: string,
  ) {
    const { survivor, merged } = pair;
    const counts = await countMovedReferences(tx, org.orgId, merged.id);
    for (const duplicate of accounts.duplicates) {
      await repointBankAccountHistory(tx, org.orgId, duplicate.mergedAccountId, duplicate.survivorAccountId);
    }
    await deleteBankAccountRows(
      tx,
      org.orgId,
      merged.id,
      accounts.duplicates.map((duplicate) => duplicate.mergedAccountId),
    );
    await moveBankAccounts(
      tx,
      org.orgId,
      merged.id,
      survivor.id,
      accounts.moved.map((account) => account.id),
    );
    const movedInvoices = await listInvoicesOfCounterparty(tx, org.orgId, merged.id);
    await moveReferences(tx, org.orgId, merged.id, survivor.id);
    const renamed = await renameOpenInvoices(tx, org.orgId, survivor.id, [survivor.name, merged.name], survivorName);
    await logMovedInvoices(tx, org.orgId, actorOf(org), {
      mergedId: merged.id,
      survivorId: survivor.id,
      movedInvoices,
      renamed,
      newName: survivorName,
    });
    return { ...counts, bankAccounts: accounts.moved.length, duplicateBankAccounts: accounts.duplicates.length };
  }
}

const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });

/** The survivor's chosen fields, its trust from the chosen side, and the VAT check state with the VAT number it belongs to. */
async function updateSurvivor(
  tx: Tx,
  orgId: OrgId,
  pair: Pair,
  version: number,
  fields: CounterpartyFields,
  trustSource: CounterpartyRow,
  isVatCheckFromMerged: boolean,
): Promise<CounterpartyRow> {
  const values = toCounterpartyValues(fields, {
    accountsPayableNumber: fields.accountsPayableNumber,
    accountsReceivableNumber: fields.accountsReceivableNumber,
  });
  const after = await updateCounterpartyRecordRow(tx, orgId, pair.survivor.id, version, {
    ...values,
    ...(isVatCheckFromMerged ? { vatCheck: pair.merged.vatCheck } : {}),
    isTrusted: trustSource.isTrusted,
    markedTrustedAt: trustSource.markedTrustedAt,
    markedTrustedBy: trustSource.markedTrustedBy,
  });
  if (!after) throw new AppError('stale_version');
  return after;
}
