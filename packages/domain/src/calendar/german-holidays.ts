import { type GermanState } from './regions';
import { type HolidayRule, daysAfterEaster, everywhere, onFixedDate, weekdayBefore } from './holiday-rule';

const inStates =
  (states: readonly GermanState[], sinceYear = -Infinity) =>
  (state: GermanState, year: number): boolean =>
    year >= sinceYear && states.includes(state);

/**
 * Public holidays in Germany. They are Land law (each Land's Feiertagsgesetz, "FTG" below) except
 * the Tag der Deutschen Einheit (Einigungsvertrag Art. 2 Abs. 2); the days every Land lists are
 * marked `everywhere`. Rules are today's law plus the changes since 2017; years before 1995 (when
 * Buß- und Bettag was still nationwide) are computed with the same rules and are not historically exact.
 *
 * Holidays that only some municipalities of a Land keep are left out, so that a daily job waits
 * for them nowhere rather than everywhere in that Land (Kontor knows the Land, not the municipality):
 * - Fronleichnam in DE-SN: only the Catholic Sorbian municipalities named by the Saxon regulation
 *   under SächsSFG § 1 Abs. 2; in DE-TH: only municipalities with a Catholic majority (ThürFtG § 2 Abs. 2).
 * - Mariä Himmelfahrt in DE-BY: only municipalities with a predominantly Catholic population
 *   (BayFTG Art. 1 Abs. 1 Nr. 2, roughly 1,700 of 2,056, Munich among them, Nuremberg not).
 *   Kontor treats 15 August as a business day in Bavaria; a reminder may go out in a municipality
 *   that rests, which is harmless, while holding every Bavarian organisation back would not be.
 * - Augsburger Hohes Friedensfest, 8 August: the city of Augsburg only (BayFTG Art. 1 Abs. 2).
 */
export const GERMAN_HOLIDAY_RULES: readonly HolidayRule<GermanState>[] = [
  { name: { de: 'Neujahr', en: "New Year's Day" }, date: onFixedDate(1, 1), observedIn: everywhere },
  {
    name: { de: 'Heilige Drei Könige', en: 'Epiphany' },
    date: onFixedDate(1, 6),
    // FTG BW § 1, BayFTG Art. 1 Abs. 1 Nr. 1, FeiertG LSA § 2.
    observedIn: inStates(['DE-BW', 'DE-BY', 'DE-ST']),
  },
  {
    name: { de: 'Internationaler Frauentag', en: "International Women's Day" },
    date: onFixedDate(3, 8),
    // Berlin since 2019 (FeiertG BE § 1), Mecklenburg-Vorpommern since 2023 (FTG M-V § 2).
    observedIn: (state, year) => (state === 'DE-BE' && year >= 2019) || (state === 'DE-MV' && year >= 2023),
  },
  { name: { de: 'Karfreitag', en: 'Good Friday' }, date: daysAfterEaster(-2), observedIn: everywhere },
  {
    name: { de: 'Ostersonntag', en: 'Easter Sunday' },
    date: daysAfterEaster(0),
    // Only Brandenburg names it (FTG BB § 2 Abs. 1); a Sunday, so it never costs a business day.
    observedIn: inStates(['DE-BB']),
  },
  { name: { de: 'Ostermontag', en: 'Easter Monday' }, date: daysAfterEaster(1), observedIn: everywhere },
  { name: { de: 'Tag der Arbeit', en: 'Labour Day' }, date: onFixedDate(5, 1), observedIn: everywhere },
  {
    name: { de: 'Tag der Befreiung', en: 'Liberation Day' },
    date: onFixedDate(5, 8),
    // Berlin, once each for the 75th and 80th anniversary of the end of the war (FeiertG BE § 1, amended for those years).
    observedIn: (state, year) => state === 'DE-BE' && (year === 2020 || year === 2025),
  },
  { name: { de: 'Christi Himmelfahrt', en: 'Ascension Day' }, date: daysAfterEaster(39), observedIn: everywhere },
  {
    name: { de: 'Pfingstsonntag', en: 'Whit Sunday' },
    date: daysAfterEaster(49),
    // As Ostersonntag: named by Brandenburg only (FTG BB § 2 Abs. 1).
    observedIn: inStates(['DE-BB']),
  },
  { name: { de: 'Pfingstmontag', en: 'Whit Monday' }, date: daysAfterEaster(50), observedIn: everywhere },
  {
    name: { de: 'Fronleichnam', en: 'Corpus Christi' },
    date: daysAfterEaster(60),
    // Statewide in these six; in SN and TH only locally (see above).
    observedIn: inStates(['DE-BW', 'DE-BY', 'DE-HE', 'DE-NW', 'DE-RP', 'DE-SL']),
  },
  {
    name: { de: 'Mariä Himmelfahrt', en: 'Assumption Day' },
    date: onFixedDate(8, 15),
    // Statewide only in the Saarland (SFG § 2); Bavaria's municipal rule is explained above.
    observedIn: inStates(['DE-SL']),
  },
  {
    name: { de: 'Weltkindertag', en: "World Children's Day" },
    date: onFixedDate(9, 20),
    // Thuringia since 2019 (ThürFtG § 2 Abs. 1).
    observedIn: inStates(['DE-TH'], 2019),
  },
  { name: { de: 'Tag der Deutschen Einheit', en: 'German Unity Day' }, date: onFixedDate(10, 3), observedIn: everywhere },
  {
    name: { de: 'Reformationstag', en: 'Reformation Day' },
    date: onFixedDate(10, 31),
    // The eastern Länder since 1990; HB, HH, NI and SH added it from 2018; every Land kept it once
    // in 2017 for the 500th anniversary of the Reformation.
    observedIn: (state, year) =>
      year === 2017 ||
      inStates(['DE-BB', 'DE-MV', 'DE-SN', 'DE-ST', 'DE-TH'])(state, year) ||
      inStates(['DE-HB', 'DE-HH', 'DE-NI', 'DE-SH'], 2018)(state, year),
  },
  {
    name: { de: 'Allerheiligen', en: "All Saints' Day" },
    date: onFixedDate(11, 1),
    observedIn: inStates(['DE-BW', 'DE-BY', 'DE-NW', 'DE-RP', 'DE-SL']),
  },
  {
    name: { de: 'Buß- und Bettag', en: 'Day of Repentance and Prayer' },
    date: weekdayBefore(3, 11, 23),
    // Saxony only since 1995, when the other Länder gave it up to fund the care insurance (SächsSFG § 1).
    observedIn: inStates(['DE-SN']),
  },
  { name: { de: '1. Weihnachtstag', en: 'Christmas Day' }, date: onFixedDate(12, 25), observedIn: everywhere },
  { name: { de: '2. Weihnachtstag', en: 'Second Day of Christmas' }, date: onFixedDate(12, 26), observedIn: everywhere },
];
