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
import { repointCounterpartyConditions } from '../approvals/flow-repo';
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
import { logTrustRemoved, resolveTrustAfterBankChange, type TrustFields } from './trust-after-change';
import { retireBankAccountVerifications } from '../counterparty-verification/bank-account-changes';

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
 * The survivor's trust after the merge: the chosen side's, unless the combined accounts hold an
 * IBAN that neither trusted record had, which removes it as an edit does (trust-after-change.ts).
 * A trusted payee is paid with less scrutiny, so taking over the merged one's trust is granting
 * trust and is for those who may (TRUST_COUNTERPARTIES); otherwise a merge would be a way around
 * that rule.
 */
function resolveSurvivorTrust(
  org: OrgContext,
  pair: Pair,
  before: Counterparty[],
  trustFromMerged: boolean,
  ibansAfter: string[],
) {
  const source = trustFromMerged ? pair.merged : pair.survivor;
  const vouchedIbans = before
    .filter((side) => side.isTrusted)
    .flatMap((side) => side.bankAccounts.map((account) => account.iban));
  const trust = resolveTrustAfterBankChange(source, vouchedIbans, ibansAfter);
  const gainsTrust = trust.fields.isTrusted && !pair.survivor.isTrusted;
  if (gainsTrust && !hasPermission(org.role, org.permissions, TRUST_COUNTERPARTIES)) {
    throw new AppError('permission_denied', { permission: TRUST_COUNTERPARTIES.join(' / ') });
  }
  return { ...trust, isRemoved: source.isTrusted && !trust.fields.isTrusted };
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
          const trust = resolveSurvivorTrust(
            org,
            pair,
            [survivorBefore, mergedBefore],
            sides.trust === 'merged',
            fields.bankAccounts.map((account) => account.iban),
          );
          if (fields.defaultLedgerAccountId && !(await hasLedgerAccount(tx, org.orgId, fields.defaultLedgerAccountId))) {
            throw new AppError('validation_failed', undefined, { fieldErrors: { defaultLedgerAccountId: ['invalid'] } });
          }
          const moves = await this.moveEverything(tx, org, pair, accounts, fields.name);
          const approvalFlows = await repointFlowConditions(tx, org, pair);
          await deleteCounterpartyRow(tx, org.orgId, pair.merged.id);

          // Checked only now: the merged one (which may hold the chosen numbers) is gone.
          if (fields.vatNumber !== pair.survivor.vatNumber)
            await this.ensureVatNumberFree(tx, org.orgId, fields, pair.survivor.id);
          if (fields.accountsPayableNumber !== pair.survivor.accountsPayableNumber)
            await lockAccountNumbers(tx, org.orgId, 'payable');
          if (fields.accountsReceivableNumber !== pair.survivor.accountsReceivableNumber)
            await lockAccountNumbers(tx, org.orgId, 'receivable');
          // The merged one's check state belongs to its number exactly as stored; a number the
          // form's rules rewrote (stored before them, or imported) is a new number to check.
          const isVatCheckFromMerged = sides.vatNumber === 'merged' && fields.vatNumber === pair.merged.vatNumber;
          const after = await updateSurvivor(
            tx,
            org.orgId,
            pair,
            body.survivorVersion,
            fields,
            trust.fields,
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
              ...(approvalFlows.length > 0 ? { approvalFlows } : {}),
            },
          });
          if (trust.isRemoved) await logTrustRemoved(tx, org.orgId, pair.survivor.id, trust.newIbans);
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
    // Their history went to the survivor's account with the same IBAN first, so nothing is left to retire but the rows.
    const droppedIds = await deleteBankAccountRows(
      tx,
      org.orgId,
      merged.id,
      accounts.duplicates.map((duplicate) => duplicate.mergedAccountId),
    );
    await retireBankAccountVerifications(tx, org.orgId, droppedIds);
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

/** The survivor's chosen fields, its trust (resolveSurvivorTrust), and the VAT check state with the VAT number it belongs to. */
async function updateSurvivor(
  tx: Tx,
  orgId: OrgId,
  pair: Pair,
  version: number,
  fields: CounterpartyFields,
  trust: TrustFields,
  isVatCheckFromMerged: boolean,
): Promise<CounterpartyRow> {
  const values = toCounterpartyValues(fields, {
    accountsPayableNumber: fields.accountsPayableNumber,
    accountsReceivableNumber: fields.accountsReceivableNumber,
  });
  const after = await updateCounterpartyRecordRow(tx, orgId, pair.survivor.id, version, {
    ...values,
    ...(isVatCheckFromMerged ? { vatCheck: pair.merged.vatCheck } : {}),
    ...trust,
  });
  if (!after) throw new AppError('stale_version');
  return after;
}

/**
 * Flow conditions naming the merged counterparty name the survivor instead (its invoices, now the
 * survivor's, keep their flow); each changed flow logs it. Answers the changed flows' names.
 */
async function repointFlowConditions(tx: Tx, org: OrgContext, { survivor, merged }: Pair): Promise<string[]> {
  const flows = await repointCounterpartyConditions(tx, org.orgId, merged.id, survivor.id);
  for (const flow of flows) {
    await writeActivity(tx, org.orgId, {
      entityType: 'approval_flow',
      entityId: flow.id,
      action: 'update',
      actor: actorOf(org),
      changes: { name: flow.name, counterpartyMerged: { from: merged.name, to: survivor.name } },
    });
  }
  return flows.map((flow) => flow.name);
}
