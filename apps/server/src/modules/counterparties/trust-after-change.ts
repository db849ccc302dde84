import { listIbansNewToTrust, type TrustRemovalReason } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { writeActivity } from '../activity-log/writer';
import type { CounterpartyRow } from './record-repo';

export type TrustFields = Pick<CounterpartyRow, 'isTrusted' | 'markedTrustedAt' | 'markedTrustedBy'>;

export interface TrustAfterChange {
  fields: TrustFields;
  /** The IBANs that cost the trust; empty when it stays as it was (or there was none). */
  newIbans: string[];
}

const UNTRUSTED: TrustFields = { isTrusted: false, markedTrustedAt: null, markedTrustedBy: null };

/**
 * The trust a counterparty has after a change of its bank accounts (an edit, a merge): that of
 * `source`, unless the accounts now hold an IBAN that no trusted record vouched for
 * (`vouchedIbans`), which removes it (SPEC §3 trust; the rule is listIbansNewToTrust). Editing and
 * merging both go through here, so the two ways to change a trusted counterparty's bank details
 * cannot drift apart.
 */
export function resolveTrustAfterBankChange(
  source: TrustFields,
  vouchedIbans: readonly string[],
  ibansAfter: readonly string[],
): TrustAfterChange {
  const keep = { isTrusted: source.isTrusted, markedTrustedAt: source.markedTrustedAt, markedTrustedBy: source.markedTrustedBy };
  if (!source.isTrusted) return { fields: keep, newIbans: [] };
  const newIbans = listIbansNewToTrust(vouchedIbans, ibansAfter);
  return newIbans.length === 0 ? { fields: keep, newIbans } : { fields: UNTRUSTED, newIbans };
}

/**
 * The history entry that says why the trust went: the system's, next to the user's change that
 * caused it, so nobody reads it as a deliberate "remove trust". It reads as "untrust" (an update of
 * isTrusted alone), with the reason and the IBANs the trust never saw.
 */
export async function logTrustRemoved(tx: Tx, orgId: OrgId, counterpartyId: string, newIbans: string[]): Promise<void> {
  const reason: TrustRemovalReason = 'bank_details_changed';
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: counterpartyId,
    action: 'update',
    actor: { type: 'system' },
    changes: { isTrusted: { from: true, to: false }, trustRemovedBecause: reason, newIbans },
  });
}
