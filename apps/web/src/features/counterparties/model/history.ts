import { TRUST_REMOVAL_REASONS, type TrustRemovalReason } from '@kontor/domain/counterparties/trust';
import { formatPercentInput } from '@/lib/decimal-input';

export const KNOWN_HISTORY_ACTIONS = ['create', 'update', 'delete', 'merge', 'trust', 'untrust', 'api_import', 'import'] as const;
export type HistoryAction = (typeof KNOWN_HISTORY_ACTIONS)[number];

export function isKnownHistoryAction(action: string): action is HistoryAction {
  return (KNOWN_HISTORY_ACTIONS as readonly string[]).includes(action);
}

export interface HistoryChange {
  field: string;
  from: string | null;
  to: string | null;
  /** Whether the values say something (lists and ids are only named). */
  hasValues: boolean;
}

const HIDDEN_VALUE = /Id$|^bankAccounts$|^trustedBy$/;

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

function formatValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'skontoRate' && typeof value === 'number') return `${formatPercentInput(value)} %`;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return null;
}

/** Keys of an update that changes the trust alone (with the reason and IBANs when the system removed it). */
const TRUST_ONLY_KEY = /^(isTrusted|trustedAt|trustedBy|version|trustRemovedBecause|newIbans)$/;

/**
 * The verb of an entry. Trust may be logged as its own action or as an update of isTrusted;
 * both read "marked as trusted" / "removed the trust".
 */
export function historyVerb(action: string, changes: Record<string, unknown> | null): string {
  if (action !== 'update' || !changes) return action;
  const trusted = changes.isTrusted;
  if (isFromTo(trusted) && Object.keys(changes).every((key) => TRUST_ONLY_KEY.test(key)))
    return trusted.to === true ? 'trust' : 'untrust';
  return action;
}

/** A line under an entry's heading that its changes do not say: whom a merge took in, why the trust went. */
export type HistoryNote = { kind: 'mergedWith'; name: string } | { kind: 'trustRemoved'; reason: TrustRemovalReason };

export function historyNote(action: string, changes: Record<string, unknown> | null): HistoryNote | null {
  if (!changes) return null;
  if (action === 'merge' && typeof changes.mergedName === 'string') return { kind: 'mergedWith', name: changes.mergedName };
  const reason = changes.trustRemovedBecause;
  if (typeof reason === 'string' && (TRUST_REMOVAL_REASONS as readonly string[]).includes(reason))
    return { kind: 'trustRemoved', reason: reason as TrustRemovalReason };
  return null;
}

/** The changed fields (`{ field: { from, to } }`) with readable values; ids and lists only by name. */
export function describeCounterpartyChanges(changes: Record<string, unknown> | null): HistoryChange[] {
  if (!changes) return [];
  return Object.entries(changes)
    .filter((entry): entry is [string, { from: unknown; to: unknown }] => isFromTo(entry[1]) && entry[0] !== 'version')
    .map(([field, { from, to }]) =>
      HIDDEN_VALUE.test(field)
        ? { field, from: null, to: null, hasValues: false }
        : { field, from: formatValue(field, from), to: formatValue(field, to), hasValues: true },
    );
}
