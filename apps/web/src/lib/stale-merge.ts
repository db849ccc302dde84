/** A three-way merge of a form after a 409 stale_version, per field. */
export interface StaleMerge<Values, Field extends keyof Values> {
  /** The fresh version with what I changed laid on top. */
  values: Values;
  mine: Field[];
  theirs: Field[];
  /** Changed by both to different values: mine wins, the user is told. */
  conflicts: Field[];
}

function isSame(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Someone saved the record while I edited it (409). Per field: what I changed keeps my value,
 * what I left alone takes theirs, so reloading never drops anything typed. `base` is what the
 * form started from, `mine` what it holds now, `fresh` the server's latest.
 */
export function mergeStaleFields<Values extends object, Field extends keyof Values>(
  fields: readonly Field[],
  base: Values,
  mine: Values,
  fresh: Values,
): StaleMerge<Values, Field> {
  const mineChanged = fields.filter((field) => !isSame(base[field], mine[field]));
  const theirs = fields.filter((field) => !isSame(base[field], fresh[field]));
  const values: Values = { ...fresh };
  for (const field of mineChanged) values[field] = mine[field];
  const conflicts = theirs.filter((field) => mineChanged.includes(field) && !isSame(mine[field], fresh[field]));
  return { values, mine: mineChanged, theirs, conflicts };
}
