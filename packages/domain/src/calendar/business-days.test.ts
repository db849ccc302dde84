import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusinessDay, nextBusinessDay } from './public-holidays';

describe('business days', () => {
  // Under a zone far from Europe, so that any arithmetic in the machine's local time would show.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Kiritimati';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('counts Monday to Friday, not Saturday or Sunday', () => {
    expect(isBusinessDay('2026-05-04', 'DE-BY')).toBe(true); // Monday
    expect(isBusinessDay('2026-05-08', 'DE-BY')).toBe(true); // Friday
    expect(isBusinessDay('2026-05-09', 'DE-BY')).toBe(false); // Saturday
    expect(isBusinessDay('2026-05-10', 'DE-BY')).toBe(false); // Sunday
    expect(nextBusinessDay('2026-05-09', 'DE-BY')).toBe('2026-05-11');
    expect(nextBusinessDay('2026-05-08', 'DE-BY')).toBe('2026-05-08');
  });

  it('skips Easter: from Good Friday to the Tuesday after in Germany, only Easter Monday in Austria', () => {
    expect(isBusinessDay('2026-04-02', 'DE-NW')).toBe(true); // Gründonnerstag
    expect(isBusinessDay('2026-04-03', 'DE-NW')).toBe(false);
    expect(nextBusinessDay('2026-04-03', 'DE-NW')).toBe('2026-04-07');
    expect(nextBusinessDay('2026-04-03', 'DE')).toBe('2026-04-07');
    expect(nextBusinessDay('2026-04-03', 'AT-9')).toBe('2026-04-03');
    expect(nextBusinessDay('2026-04-04', 'AT-9')).toBe('2026-04-07');
  });

  it('skips Christmas and New Year, while Heiligabend and Silvester are business days', () => {
    expect(isBusinessDay('2026-12-24', 'DE-HE')).toBe(true);
    expect(nextBusinessDay('2026-12-25', 'DE-HE')).toBe('2026-12-28');
    expect(isBusinessDay('2026-12-31', 'DE-HE')).toBe(true);
    expect(nextBusinessDay('2027-01-01', 'DE-HE')).toBe('2027-01-04');
    expect(nextBusinessDay('2021-12-24', 'DE-BE')).toBe('2021-12-24');
    expect(nextBusinessDay('2021-12-25', 'DE-BE')).toBe('2021-12-27'); // Christmas on a weekend moves nothing
    expect(nextBusinessDay('2020-12-25', 'AT-9')).toBe('2020-12-28');
  });

  it('follows the region: Epiphany and Buß- und Bettag', () => {
    expect(nextBusinessDay('2027-01-06', 'DE-BY')).toBe('2027-01-07');
    expect(nextBusinessDay('2027-01-06', 'DE-NW')).toBe('2027-01-06');
    expect(isBusinessDay('2026-11-18', 'DE-SN')).toBe(false);
    expect(isBusinessDay('2026-11-18', 'DE-BY')).toBe(true);
  });

  it('crosses a long weekend of holidays: Christi Himmelfahrt on Thursday, the Friday after works', () => {
    expect(nextBusinessDay('2026-05-14', 'DE-BW')).toBe('2026-05-15');
    expect(nextBusinessDay('2026-06-04', 'DE-BW')).toBe('2026-06-05');
    expect(nextBusinessDay('2026-06-04', 'DE-BE')).toBe('2026-06-04');
  });

  it('refuses a malformed date instead of calling it a weekend', () => {
    expect(() => isBusinessDay('2026-02-30', 'DE-BY')).toThrow(RangeError);
    expect(() => isBusinessDay('06.01.2026', 'DE-BY')).toThrow(RangeError);
    expect(() => nextBusinessDay('2026-5-1', 'DE-BY')).toThrow(RangeError);
  });
});
