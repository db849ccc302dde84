/**
 * The unit of a line as a UN/ECE Recommendation 20 code (BT-130), from what people type on a
 * receivable's line ("Std.", "Stück", "pcs", "Tag" …). A code typed as such is kept; anything
 * unknown is a piece (C62), and the page still prints the text as typed.
 */
const CODES: Record<string, string> = {
  C62: 'C62',
  H87: 'H87',
  HUR: 'HUR',
  MIN: 'MIN',
  DAY: 'DAY',
  WEE: 'WEE',
  MON: 'MON',
  ANN: 'ANN',
  KGM: 'KGM',
  GRM: 'GRM',
  TNE: 'TNE',
  MTR: 'MTR',
  KMT: 'KMT',
  MTK: 'MTK',
  MTQ: 'MTQ',
  LTR: 'LTR',
  LS: 'LS',
  SET: 'SET',
  XPK: 'XPK',
};

const WORDS: [RegExp, string][] = [
  [/^(stk|stck|stück|stueck|st|pcs?|piece|pieces|x|einheit|unit|units)$/, 'C62'],
  [/^(std|stunde|stunden|h|hr|hrs|hour|hours)$/, 'HUR'],
  [/^(min|minute|minuten|minutes)$/, 'MIN'],
  [/^(tag|tage|d|day|days|pt|personentag|personentage)$/, 'DAY'],
  [/^(woche|wochen|wk|week|weeks)$/, 'WEE'],
  [/^(monat|monate|mon|mo|month|months)$/, 'MON'],
  [/^(jahr|jahre|yr|year|years)$/, 'ANN'],
  [/^(kg|kilogramm|kilogram)$/, 'KGM'],
  [/^(g|gramm|gram)$/, 'GRM'],
  [/^(t|tonne|tonnen|tonnes?)$/, 'TNE'],
  [/^(m|meter|metre|meters|metres)$/, 'MTR'],
  [/^(km|kilometer|kilometre)$/, 'KMT'],
  [/^(m2|m²|qm|quadratmeter|sqm)$/, 'MTK'],
  [/^(m3|m³|kubikmeter|cbm)$/, 'MTQ'],
  [/^(l|liter|litre|liters|litres)$/, 'LTR'],
  [/^(pausch|pauschal|pauschale|psch|lump sum|flat|flat rate)$/, 'LS'],
  [/^(set|sets|satz)$/, 'SET'],
  [/^(paket|pakete|pkg|package|packages|pack)$/, 'XPK'],
];

export function unitCodeFor(unit: string | null): string {
  if (!unit) return 'C62';
  const trimmed = unit.trim();
  if (CODES[trimmed]) return trimmed;
  const word = trimmed.toLowerCase().replace(/\.$/, '');
  return WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? 'C62';
}
