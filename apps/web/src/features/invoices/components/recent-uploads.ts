import { useSyncExternalStore } from 'react';

/**
 * The invoices this tab uploaded a moment ago, so the overview can show them first and
 * highlighted wherever the sort would put them (a new upload has no due date yet and would land
 * at the end of the default order). Kept per browser tab in memory: it survives moving between
 * the overview's tabs and the detail, not a reload, and forgets after a while or when dismissed.
 */
const REMEMBER_MS = 15 * 60 * 1000;

interface RecentUploads {
  ids: readonly string[];
  at: number;
}

const EMPTY: RecentUploads = { ids: [], at: 0 };
let current: RecentUploads = EMPTY;
const listeners = new Set<() => void>();

function publish(next: RecentUploads) {
  current = next;
  for (const listener of listeners) listener();
}

/** The newest upload first; an earlier batch that is still remembered stays after it. */
export function rememberUploads(ids: readonly string[], now = Date.now()): void {
  if (ids.length === 0) return;
  const earlier = now - current.at < REMEMBER_MS ? current.ids.filter((id) => !ids.includes(id)) : [];
  publish({ ids: [...ids, ...earlier], at: now });
}

export function forgetUploads(): void {
  publish(EMPTY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered ids, or none once they are older than a quarter of an hour. */
export function useRecentUploads(now = Date.now()): readonly string[] {
  const snapshot = useSyncExternalStore(subscribe, () => current);
  return now - snapshot.at < REMEMBER_MS ? snapshot.ids : EMPTY.ids;
}

/** The rows to show: the remembered ones first (in upload order), then the rest in list order. */
export function pinRecentUploads<T extends { id: string }>(
  recentIds: readonly string[],
  recentRows: readonly T[],
  rows: readonly T[],
): T[] {
  if (recentIds.length === 0) return [...rows];
  const byId = new Map<string, T>();
  for (const row of [...rows, ...recentRows]) byId.set(row.id, row);
  const pinned = recentIds.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
  const pinnedIds = new Set(pinned.map((row) => row.id));
  return [...pinned, ...rows.filter((row) => !pinnedIds.has(row.id))];
}
