import { AppError } from '../../lib/app-error';
import type { TaxKeyRow, TaxKeyValues } from './repo';

/** Fields of a system tax key that SPEC §4 locks; only the external code (for the accounting export) may change. */
const SYSTEM_LOCKED_FIELDS = ['name', 'type', 'description', 'rate'] as const;

/** Sending a locked field unchanged is fine (a form posts everything); changing it is refused. */
export function assertTaxKeyChangeAllowed(row: TaxKeyRow, change: Partial<TaxKeyValues>): void {
  if (!row.isSystem) return;
  const changed = SYSTEM_LOCKED_FIELDS.filter((field) => change[field] !== undefined && change[field] !== row[field]);
  if (changed.length > 0) throw new AppError('tax_key_system_locked', { fields: changed.join(', ') });
}

export function assertTaxKeyDeletable(row: TaxKeyRow): void {
  if (row.isSystem) throw new AppError('tax_key_system_locked');
}
