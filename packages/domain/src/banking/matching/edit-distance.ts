/**
 * Whether two references are at most one typing error apart: one character wrong, missing, extra,
 * or two neighbours swapped (the optimal string alignment distance ≤ 1). The deletion index only
 * proposes pairs; this confirms them, since two different deletions can meet ("ABC"/"BCD" → "BC").
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthDifference = a.length - b.length;
  if (lengthDifference > 1 || lengthDifference < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  // One character replaced, inserted or deleted.
  if (restA <= 1 && restB <= 1) return true;
  // Two neighbours swapped: "…XY…" against "…YX…".
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
