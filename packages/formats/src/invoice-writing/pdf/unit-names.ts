/**
 * UN/ECE Recommendation 20 unit codes as a reader understands them. The XML keeps the code; the
 * page shows "Std." rather than "HUR". Unknown codes are printed as they are.
 */
import type { DocumentLanguage } from '../outgoing-invoice';

const UNIT_NAMES: Record<string, Record<DocumentLanguage, string>> = {
  C62: { de: 'Stk.', en: 'pcs' },
  H87: { de: 'Stk.', en: 'pcs' },
  EA: { de: 'Stk.', en: 'ea' },
  XPP: { de: 'Stk.', en: 'pcs' },
  SET: { de: 'Satz', en: 'set' },
  PR: { de: 'Paar', en: 'pair' },
  XPK: { de: 'Pck.', en: 'pack' },
  XBX: { de: 'Karton', en: 'box' },
  LS: { de: 'pausch.', en: 'lump sum' },
  E48: { de: 'Leistung', en: 'service' },
  SEC: { de: 'Sek.', en: 's' },
  MIN: { de: 'Min.', en: 'min' },
  HUR: { de: 'Std.', en: 'h' },
  DAY: { de: 'Tag', en: 'day' },
  WEE: { de: 'Woche', en: 'week' },
  MON: { de: 'Monat', en: 'month' },
  QAN: { de: 'Quartal', en: 'quarter' },
  ANN: { de: 'Jahr', en: 'year' },
  GRM: { de: 'g', en: 'g' },
  KGM: { de: 'kg', en: 'kg' },
  TNE: { de: 't', en: 't' },
  MMT: { de: 'mm', en: 'mm' },
  CMT: { de: 'cm', en: 'cm' },
  MTR: { de: 'm', en: 'm' },
  KMT: { de: 'km', en: 'km' },
  MTK: { de: 'm²', en: 'm²' },
  MTQ: { de: 'm³', en: 'm³' },
  MLT: { de: 'ml', en: 'ml' },
  LTR: { de: 'l', en: 'l' },
  KWH: { de: 'kWh', en: 'kWh' },
  P1: { de: '%', en: '%' },
};

export function unitName(unitCode: string, language: DocumentLanguage): string {
  return UNIT_NAMES[unitCode.toUpperCase()]?.[language] ?? unitCode;
}
