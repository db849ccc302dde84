import type { TenantContext } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';

export const tenant = (org: OrgContext): TenantContext => ({ orgId: org.orgId, userId: org.userId });

/**
 * The row the caller wants to change, locked: 404 when it is not in this organisation (row-level
 * security hides other organisations' rows, so a foreign id looks the same), 409 when the
 * version the caller saw is no longer the current one.
 */
export function requireCurrent<T extends { version: number }>(row: T | null, version: number | undefined): T {
  if (!row) throw new AppError('master_data_not_found');
  if (version !== undefined && row.version !== version) throw new AppError('stale_version');
  return row;
}

/** Import rows that fail their input schema, share a key with an earlier row, or are new. */
export interface SkippedRow {
  row: number;
  code: string;
  reason: 'exists' | 'duplicate_in_file' | 'invalid';
}
