import { type AustrianState } from './regions';
import { type HolidayRule, daysAfterEaster, everywhere, onFixedDate } from './holiday-rule';

/**
 * Public holidays in Austria: federal law, the same in every Land (Feiertagsruhegesetz 1957 § 1,
 * Arbeitsruhegesetz § 7 Abs. 2). ARG § 7 also names Ostersonntag and Pfingstsonntag; being Sundays
 * they never cost a business day and are left out as in the Feiertagsruhegesetz.
 *
 * Not included, on purpose:
 * - Karfreitag: until 2018 a day off only for Protestant, Old Catholic and Methodist employees
 *   (ARG § 7 Abs. 3), never a general public holiday; after the CJEU ruling C-193/17 (Cresco) it
 *   was replaced in 2019 by the "persönlicher Feiertag" each employee may choose (ARG § 7a).
 * - The Landespatrone (e.g. Leopold 15.11. in Wien and Niederösterreich, Josef 19.3. in Kärnten,
 *   Steiermark, Tirol and Vorarlberg, Florian 4.5. in Oberösterreich, Rupert 24.9. in Salzburg,
 *   Martin 11.11. in Burgenland; Kärnten also 10.10.): schools close and many employees get the day
 *   off, but they are no statutory holidays and banks are open, so Kontor counts them as business days.
 */
export const AUSTRIAN_HOLIDAY_RULES: readonly HolidayRule<AustrianState>[] = [
  { name: { de: 'Neujahr', en: "New Year's Day" }, date: onFixedDate(1, 1), observedIn: everywhere },
  { name: { de: 'Heilige Drei Könige', en: 'Epiphany' }, date: onFixedDate(1, 6), observedIn: everywhere },
  { name: { de: 'Ostermontag', en: 'Easter Monday' }, date: daysAfterEaster(1), observedIn: everywhere },
  { name: { de: 'Staatsfeiertag', en: 'Labour Day' }, date: onFixedDate(5, 1), observedIn: everywhere },
  { name: { de: 'Christi Himmelfahrt', en: 'Ascension Day' }, date: daysAfterEaster(39), observedIn: everywhere },
  { name: { de: 'Pfingstmontag', en: 'Whit Monday' }, date: daysAfterEaster(50), observedIn: everywhere },
  { name: { de: 'Fronleichnam', en: 'Corpus Christi' }, date: daysAfterEaster(60), observedIn: everywhere },
  { name: { de: 'Mariä Himmelfahrt', en: 'Assumption Day' }, date: onFixedDate(8, 15), observedIn: everywhere },
  { name: { de: 'Nationalfeiertag', en: 'National Day' }, date: onFixedDate(10, 26), observedIn: everywhere },
  { name: { de: 'Allerheiligen', en: "All Saints' Day" }, date: onFixedDate(11, 1), observedIn: everywhere },
  { name: { de: 'Mariä Empfängnis', en: 'Immaculate Conception' }, date: onFixedDate(12, 8), observedIn: everywhere },
  { name: { de: 'Christtag', en: 'Christmas Day' }, date: onFixedDate(12, 25), observedIn: everywhere },
  { name: { de: 'Stefanitag', en: "St. Stephen's Day" }, date: onFixedDate(12, 26), observedIn: everywhere },
];
