import { splitBalance } from '@kontor/domain/invoices/invoice-rules';
import { formatValidationParams, type ValidationKey } from '@kontor/domain/validation';

export type SplitBalanceState = 'none' | 'balanced' | 'left' | 'exceeds';

export interface SplitBalanceDisplay {
  state: SplitBalanceState;
  /** Always positive, in minor units. */
  difference: number;
  /** The validation message (validation namespace) and its formatted parameters, when not balanced. */
  message: { key: ValidationKey; params: Record<string, string | number> } | null;
}

/** A split amount that is being typed may be empty or unreadable; it allocates nothing yet. */
function readAmount(amount: number | null | undefined): number {
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
}

/**
 * The live line under the split lines (SPEC §5): "12,00 € left to allocate" or "the split lines
 * exceed the total by 12,00 €", computed with the same splitBalance the server rule uses.
 */
export function describeSplitBalance(
  totalAmount: number | null | undefined,
  splits: readonly { amount: number | null | undefined }[],
  currency: string | null | undefined,
): SplitBalanceDisplay {
  if (splits.length === 0) return { state: 'none', difference: 0, message: null };
  const balance = splitBalance(
    readAmount(totalAmount),
    splits.map((split) => ({ amount: readAmount(split.amount) })),
  );
  if (balance === 0) return { state: 'balanced', difference: 0, message: null };
  const difference = Math.abs(balance);
  const params = formatValidationParams({ difference, currency: currency ?? 'EUR' });
  return balance > 0
    ? { state: 'left', difference, message: { key: 'split_amount_left', params } }
    : { state: 'exceeds', difference, message: { key: 'split_sum_exceeds_total', params } };
}
