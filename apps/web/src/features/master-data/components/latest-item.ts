/**
 * The row a dialog edits, as the list shows it now. After a 409 the list is refetched; the open
 * dialog then saves against the new version, keeping what the user typed (the toast said why).
 */
export function latestItem<T extends { id: string }>(items: readonly T[] | undefined, item: T | null): T | null {
  if (!item) return null;
  return items?.find((candidate) => candidate.id === item.id) ?? item;
}
