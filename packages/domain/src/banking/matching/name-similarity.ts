/**
 * How alike two counterparty names are, 0..1: banks cut, upper-case and transliterate names
 * ("MUELLER BAU GMBH" for "Müller Bau GmbH"), so exact comparison says little. Only an extra
 * signal and tie-breaker for candidates found otherwise: never a lookup over all candidates.
 */
import { foldSearchText } from './text';

/** Words that say what kind of company it is, not which one. */
const LEGAL_FORMS = new Set([
  'gmbh',
  'mbh',
  'gesmbh',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'gbr',
  'ug',
  'haftungsbeschrankt',
  'co',
  'ev',
  'ek',
  'eg',
  'se',
  'ltd',
  'limited',
  'inc',
  'llc',
  'plc',
  'sarl',
  'sa',
  'bv',
  'nv',
  'srl',
  'spa',
]);

/**
 * The comparable words of a name: folded like the database folds names, then ae/oe/ue as a/o/u
 * (folding gives "Müller" as "muller", a bank writes "MUELLER"), legal forms dropped.
 */
export function nameWords(name: string): string[] {
  const folded = foldSearchText(name).replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
  const words = folded.split(/[^a-z0-9]+/).filter((word) => word !== '');
  const significant = words.filter((word) => !LEGAL_FORMS.has(word));
  // A name that is only a legal form ("GmbH") still compares as itself.
  return significant.length > 0 ? significant : words;
}

/** a–z, 0–9 and the padding space as 1..37: a trigram is then one number below 38³, without collisions. */
function charCode(code: number): number {
  if (code >= 97 && code <= 122) return code - 96;
  if (code >= 48 && code <= 57) return code - 21;
  return 37;
}

/** The character trigrams of the words (each word padded, so that starts and ends count), as sorted distinct numbers. */
function trigrams(words: readonly string[]): Int32Array {
  const grams: number[] = [];
  for (const word of words) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      grams.push(
        (charCode(padded.charCodeAt(i)) * 38 + charCode(padded.charCodeAt(i + 1))) * 38 + charCode(padded.charCodeAt(i + 2)),
      );
    }
  }
  grams.sort((a, b) => a - b);
  return Int32Array.from(grams.filter((gram, i) => i === 0 || gram !== grams[i - 1]));
}

/** Compares names with their trigrams cached: many lines and invoices share a counterparty. */
export class NameSimilarity {
  private readonly cache = new Map<string, Int32Array>();

  private gramsOf(name: string): Int32Array {
    let grams = this.cache.get(name);
    if (grams === undefined) {
      grams = trigrams(nameWords(name));
      this.cache.set(name, grams);
    }
    return grams;
  }

  /** Dice coefficient of the trigram sets, 0..1; 0 when either name is missing. */
  score(a: string | null, b: string | null): number {
    if (a === null || b === null) return 0;
    const first = this.gramsOf(a);
    const second = this.gramsOf(b);
    if (first.length === 0 || second.length === 0) return 0;
    // Both sorted: count the shared ones in one merge.
    let shared = 0;
    for (let i = 0, j = 0; i < first.length && j < second.length;) {
      if (first[i] === second[j]) {
        shared += 1;
        i += 1;
        j += 1;
      } else if (first[i]! < second[j]!) i += 1;
      else j += 1;
    }
    return (2 * shared) / (first.length + second.length);
  }
}
