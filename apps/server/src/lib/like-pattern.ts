/** `%`, `_` and `\` in a search are literal characters, not patterns: "50%" means the characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** LIKE/ILIKE pattern for "contains the term". */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
