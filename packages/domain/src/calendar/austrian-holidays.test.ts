import { describe, expect, it } from 'vitest';
import { AUSTRIAN_STATES } from './regions';
import { isBusinessDay, isPublicHoliday, publicHolidays } from './public-holidays';

describe('Austrian public holidays', () => {
  it('lists Wien 2026: the thirteen days of the Feiertagsruhegesetz', () => {
    expect(publicHolidays(2026, 'AT-9')).toEqual([
      { date: '2026-01-01', name: { de: 'Neujahr', en: "New Year's Day" } },
      { date: '2026-01-06', name: { de: 'Heilige Drei Könige', en: 'Epiphany' } },
      { date: '2026-04-06', name: { de: 'Ostermontag', en: 'Easter Monday' } },
      { date: '2026-05-01', name: { de: 'Staatsfeiertag', en: 'Labour Day' } },
      { date: '2026-05-14', name: { de: 'Christi Himmelfahrt', en: 'Ascension Day' } },
      { date: '2026-05-25', name: { de: 'Pfingstmontag', en: 'Whit Monday' } },
      { date: '2026-06-04', name: { de: 'Fronleichnam', en: 'Corpus Christi' } },
      { date: '2026-08-15', name: { de: 'Mariä Himmelfahrt', en: 'Assumption Day' } },
      { date: '2026-10-26', name: { de: 'Nationalfeiertag', en: 'National Day' } },
      { date: '2026-11-01', name: { de: 'Allerheiligen', en: "All Saints' Day" } },
      { date: '2026-12-08', name: { de: 'Mariä Empfängnis', en: 'Immaculate Conception' } },
      { date: '2026-12-25', name: { de: 'Christtag', en: 'Christmas Day' } },
      { date: '2026-12-26', name: { de: 'Stefanitag', en: "St. Stephen's Day" } },
    ]);
  });

  it('gives every Land the nationwide list', () => {
    const nationwide = publicHolidays(2026, 'AT');
    expect(nationwide).toHaveLength(13);
    for (const state of AUSTRIAN_STATES) expect(publicHolidays(2026, state), state).toEqual(nationwide);
  });

  it('does not keep Karfreitag, before or after the 2019 reform', () => {
    expect(isPublicHoliday('2018-03-30', 'AT-9')).toBe(false);
    expect(isPublicHoliday('2019-04-19', 'AT-9')).toBe(false);
    expect(isBusinessDay('2026-04-03', 'AT')).toBe(true);
  });

  it('counts the Landespatrone as business days', () => {
    expect(isBusinessDay('2027-11-15', 'AT-9')).toBe(true); // Leopold, Wien
    expect(isBusinessDay('2027-11-15', 'AT-3')).toBe(true); // Leopold, Niederösterreich
    expect(isBusinessDay('2026-03-19', 'AT-2')).toBe(true); // Josef, Kärnten
    expect(isBusinessDay('2026-05-04', 'AT-4')).toBe(true); // Florian, Oberösterreich
    expect(isBusinessDay('2026-09-24', 'AT-5')).toBe(true); // Rupert, Salzburg
    expect(isBusinessDay('2026-11-11', 'AT-1')).toBe(true); // Martin, Burgenland
  });
});
