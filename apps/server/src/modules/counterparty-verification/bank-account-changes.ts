import type { OrgId, Tx } from '../../db/database';
import { detachBankAccountHistory } from '../counterparties/record-repo';
import { listInFlightRunsForUpdate } from './email/repo';
import { supersedeRun } from './email/run-mapping';
import { supersedeExecutiveVerifications } from './executive/history';
import { listOpenVerificationsForUpdate } from './executive/repo';

/**
 * The verifications of bank accounts that were removed or got another IBAN were made for an IBAN
 * the account no longer has, so they no longer speak for it, not even when the IBAN is edited
 * back. Open executive requests are superseded and e-mail runs in flight expire, each with its
 * history entry, so that nobody can approve or confirm the old IBAN and a new verification can
 * start at once; then none of them names the account any more (they stay in the counterparty's
 * history with their IBAN snapshot).
 *
 * Called after the accounts were deleted or their IBAN written. A delete waits for a verification
 * being started on the account (it holds a key-share lock), which is then seen here; one that
 * slips past an IBAN edit names an IBAN the account no longer has, which requesting and deciding
 * check again.
 */
export async function retireBankAccountVerifications(
  tx: Tx,
  orgId: OrgId,
  bankAccountIds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  if (bankAccountIds.length === 0) return;
  await supersedeExecutiveVerifications(tx, orgId, await listOpenVerificationsForUpdate(tx, orgId, bankAccountIds), now);
  for (const run of await listInFlightRunsForUpdate(tx, orgId, bankAccountIds)) await supersedeRun(tx, orgId, run, now);
  await detachBankAccountHistory(tx, orgId, bankAccountIds);
}
