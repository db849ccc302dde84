import { isCp1252 } from '@kontor/formats';
/**
 * The header's "exported by" (25 characters) in what Windows-1252 holds: a person's name such as
 * "Łukasz" would otherwise fail the whole file after the check passed. It only says who exported,
 * so letters are folded to their base form ("Ł" → "L") and the rest dropped; booking texts are
 * never changed this way (the pre-export check names them instead).
 */
export function headerName(name: string): string {
  const folded = [...name.normalize('NFC')].map(foldCharacter).join('').replace(/\s+/g, ' ').trim();
  return (folded || 'Kontor').slice(0, 25);
}

function foldCharacter(character: string): string {
  if (isCp1252(character)) return character;
  const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
  if (base && isCp1252(base)) return base;
  return FOLDED_LETTERS[character] ?? '';
}

/** Letters NFKD does not decompose. */
const FOLDED_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };
