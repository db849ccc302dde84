import type { OrgId, Tx } from '../../db/database';
import { lockOrganizationScope } from '../master-data/db-errors';
import { findOrganization } from '../organizations/repo';
import { findHighestAccountNumber } from './repo';

export type AccountNumberKind = 'payable' | 'receivable';

/**
 * The next accounts-payable (e.g. 70001) or accounts-receivable (e.g. 10001) number when the
 * organisation numbers automatically (SPEC §3): one above the highest numeric number so far,
 * never below the start number; null when the organisation numbers by hand. The lock makes
 * concurrent creations take consecutive numbers instead of the same one (held until commit);
 * explicit numbers that collide are caught by the unique indexes of migration 0017.
 */
export async function assignAccountNumber(tx: Tx, orgId: OrgId, kind: AccountNumberKind): Promise<string | null> {
  const organization = await findOrganization(tx, orgId);
  if (!organization) return null;
  const isEnabled = kind === 'payable' ? organization.apNumberingEnabled : organization.arNumberingEnabled;
  if (!isEnabled) return null;
  const start = kind === 'payable' ? organization.apStartNumber : organization.arStartNumber;
  await lockAccountNumbers(tx, orgId, kind);
  const highest = await findHighestAccountNumber(tx, orgId, kind);
  return String(highest === null ? start : Math.max(highest + 1, start));
}

/** Serialises numbering per organisation and kind; explicit numbers take it too, so that automatic ones see them. */
export async function lockAccountNumbers(tx: Tx, orgId: OrgId, kind: AccountNumberKind): Promise<void> {
  await lockOrganizationScope(tx, orgId, kind === 'payable' ? 'accounts-payable-number' : 'accounts-receivable-number');
}
