import { SYSTEM_TAX_KEYS } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { taxKeys } from '../../db/schema';

/** Every organisation gets the 14 system tax keys of SPEC §3 when it is created. */
export async function seedSystemTaxKeys(tx: Tx, orgId: OrgId): Promise<void> {
  await tx
    .insert(taxKeys)
    .values(
      SYSTEM_TAX_KEYS.map((key) => ({ organizationId: orgId, name: key.name, type: key.type, rate: key.rate, isSystem: true })),
    )
    .onConflictDoNothing();
}
