import { describe, expect, it } from 'vitest';
import { GERMAN_STATES } from './regions';
import { isPublicHoliday, publicHolidays } from './public-holidays';

const listOf = (year: number, region: Parameters<typeof publicHolidays>[1]) =>
  publicHolidays(year, region).map((holiday) => `${holiday.date} ${holiday.name.de}`);

describe('German public holidays', () => {
  it('lists Bavaria 2026 without Mariä Himmelfahrt (a municipal holiday only) and without Augsburg’s Friedensfest', () => {
    expect(listOf(2026, 'DE-BY')).toEqual([
      '2026-01-01 Neujahr',
      '2026-01-06 Heilige Drei Könige',
      '2026-04-03 Karfreitag',
      '2026-04-06 Ostermontag',
      '2026-05-01 Tag der Arbeit',
      '2026-05-14 Christi Himmelfahrt',
      '2026-05-25 Pfingstmontag',
      '2026-06-04 Fronleichnam',
      '2026-10-03 Tag der Deutschen Einheit',
      '2026-11-01 Allerheiligen',
      '2026-12-25 1. Weihnachtstag',
      '2026-12-26 2. Weihnachtstag',
    ]);
    expect(isPublicHoliday('2026-08-08', 'DE-BY')).toBe(false);
    expect(isPublicHoliday('2026-08-15', 'DE-BY')).toBe(false);
  });

  it('lists Berlin 2026 with the Frauentag', () => {
    expect(listOf(2026, 'DE-BE')).toEqual([
      '2026-01-01 Neujahr',
      '2026-03-08 Internationaler Frauentag',
      '2026-04-03 Karfreitag',
      '2026-04-06 Ostermontag',
      '2026-05-01 Tag der Arbeit',
      '2026-05-14 Christi Himmelfahrt',
      '2026-05-25 Pfingstmontag',
      '2026-10-03 Tag der Deutschen Einheit',
      '2026-12-25 1. Weihnachtstag',
      '2026-12-26 2. Weihnachtstag',
    ]);
  });

  it('lists Saxony 2026 with Reformationstag and Buß- und Bettag but without its municipal Fronleichnam', () => {
    expect(listOf(2026, 'DE-SN')).toEqual([
      '2026-01-01 Neujahr',
      '2026-04-03 Karfreitag',
      '2026-04-06 Ostermontag',
      '2026-05-01 Tag der Arbeit',
      '2026-05-14 Christi Himmelfahrt',
      '2026-05-25 Pfingstmontag',
      '2026-10-03 Tag der Deutschen Einheit',
      '2026-10-31 Reformationstag',
      '2026-11-18 Buß- und Bettag',
      '2026-12-25 1. Weihnachtstag',
      '2026-12-26 2. Weihnachtstag',
    ]);
    expect(isPublicHoliday('2026-06-04', 'DE-TH')).toBe(false);
  });

  it('counts the holidays of 2026 per Land, and the nine nationwide ones for DE', () => {
    const counts = Object.fromEntries(GERMAN_STATES.map((state) => [state, publicHolidays(2026, state).length]));
    expect(counts).toEqual({
      'DE-BW': 12,
      'DE-BY': 12,
      'DE-BE': 10,
      'DE-BB': 12, // with Ostersonntag and Pfingstsonntag
      'DE-HB': 10,
      'DE-HH': 10,
      'DE-HE': 10,
      'DE-MV': 11,
      'DE-NI': 10,
      'DE-NW': 11,
      'DE-RP': 11,
      'DE-SL': 12,
      'DE-SN': 11,
      'DE-ST': 11,
      'DE-SH': 10,
      'DE-TH': 11,
    });
    expect(listOf(2026, 'DE')).toEqual([
      '2026-01-01 Neujahr',
      '2026-04-03 Karfreitag',
      '2026-04-06 Ostermontag',
      '2026-05-01 Tag der Arbeit',
      '2026-05-14 Christi Himmelfahrt',
      '2026-05-25 Pfingstmontag',
      '2026-10-03 Tag der Deutschen Einheit',
      '2026-12-25 1. Weihnachtstag',
      '2026-12-26 2. Weihnachtstag',
    ]);
  });

  it('names every holiday in German and English', () => {
    for (const holiday of publicHolidays(2026, 'DE-BB')) {
      expect(holiday.name.de).not.toBe('');
      expect(holiday.name.en).not.toBe('');
    }
    expect(publicHolidays(2026, 'DE-SN').find((holiday) => holiday.date === '2026-11-18')?.name).toEqual({
      de: 'Buß- und Bettag',
      en: 'Day of Repentance and Prayer',
    });
  });

  it('puts Buß- und Bettag on the Wednesday before 23 November', () => {
    const bussUndBettag = (year: number) =>
      publicHolidays(year, 'DE-SN').find((holiday) => holiday.name.de === 'Buß- und Bettag')?.date;
    expect(bussUndBettag(2026)).toBe('2026-11-18');
    expect(bussUndBettag(2023)).toBe('2023-11-22'); // 23 November 2023 was a Thursday
    expect(bussUndBettag(2022)).toBe('2022-11-16'); // 23 November 2022 was itself a Wednesday
    expect(bussUndBettag(2025)).toBe('2025-11-19');
    expect(isPublicHoliday('2026-11-18', 'DE-BY')).toBe(false);
  });

  it('keeps the Frauentag in Berlin from 2019 and in Mecklenburg-Vorpommern from 2023', () => {
    expect(isPublicHoliday('2018-03-08', 'DE-BE')).toBe(false);
    expect(isPublicHoliday('2019-03-08', 'DE-BE')).toBe(true);
    expect(isPublicHoliday('2022-03-08', 'DE-MV')).toBe(false);
    expect(isPublicHoliday('2023-03-08', 'DE-MV')).toBe(true);
    expect(isPublicHoliday('2026-03-08', 'DE-BB')).toBe(false);
  });

  it('keeps Reformationstag nationwide in 2017 only, and in the northern Länder from 2018', () => {
    for (const state of GERMAN_STATES) expect(isPublicHoliday('2017-10-31', state), state).toBe(true);
    expect(isPublicHoliday('2017-10-31', 'DE')).toBe(true);
    expect(isPublicHoliday('2016-10-31', 'DE-HB')).toBe(false);
    expect(isPublicHoliday('2016-10-31', 'DE-SN')).toBe(true);
    expect(isPublicHoliday('2018-10-31', 'DE')).toBe(false);
    for (const state of ['DE-HB', 'DE-HH', 'DE-NI', 'DE-SH'] as const) expect(isPublicHoliday('2018-10-31', state)).toBe(true);
    expect(isPublicHoliday('2018-10-31', 'DE-BY')).toBe(false);
  });

  it('knows the one-off 8 May in Berlin (2020, 2025) and Weltkindertag in Thuringia from 2019', () => {
    expect(isPublicHoliday('2020-05-08', 'DE-BE')).toBe(true);
    expect(isPublicHoliday('2025-05-08', 'DE-BE')).toBe(true);
    expect(isPublicHoliday('2026-05-08', 'DE-BE')).toBe(false);
    expect(isPublicHoliday('2025-05-08', 'DE-BB')).toBe(false);
    expect(isPublicHoliday('2018-09-20', 'DE-TH')).toBe(false);
    expect(isPublicHoliday('2019-09-20', 'DE-TH')).toBe(true);
  });

  it('lists Mariä Himmelfahrt for the Saarland, and Easter and Whit Sunday for Brandenburg', () => {
    expect(isPublicHoliday('2026-08-15', 'DE-SL')).toBe(true);
    expect(isPublicHoliday('2026-04-05', 'DE-BB')).toBe(true);
    expect(isPublicHoliday('2026-05-24', 'DE-BB')).toBe(true);
    expect(isPublicHoliday('2026-04-05', 'DE-BE')).toBe(false);
  });

  it('lists both holidays when two fall on one date (Christi Himmelfahrt on 1 May 2008)', () => {
    expect(publicHolidays(2008, 'DE').filter((holiday) => holiday.date === '2008-05-01')).toHaveLength(2);
  });

  it('refuses an unknown region and a malformed date', () => {
    expect(() => publicHolidays(2026, 'DE-XX' as never)).toThrow(RangeError);
    expect(() => isPublicHoliday('2026-02-30', 'DE-BY')).toThrow(RangeError);
  });
});
