import { describe, expect, it } from 'vitest';
import { approvalAbsenceBodySchema, isAbsentOn, presentSubstitute, type AbsenceWithSubstitute } from './absences';

const absence = (
  userId: string,
  substituteId: string,
  startsOn = '2026-12-01',
  endsOn = '2026-12-10',
): AbsenceWithSubstitute => ({
  userId,
  substituteId,
  startsOn,
  endsOn,
});
const byUser = (...absences: AbsenceWithSubstitute[]) => new Map(absences.map((entry) => [entry.userId, entry]));

describe('isAbsentOn', () => {
  it('includes the first and the last day', () => {
    const period = { startsOn: '2026-12-01', endsOn: '2026-12-10' };
    expect(['2026-11-30', '2026-12-01', '2026-12-10', '2026-12-11'].map((day) => isAbsentOn(period, day))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('presentSubstitute', () => {
  it('is null for someone present, before and after the absence and without one', () => {
    const absences = byUser(absence('anna', 'ben'));
    expect(presentSubstitute('anna', absences, '2026-11-30')).toBeNull();
    expect(presentSubstitute('anna', absences, '2026-12-11')).toBeNull();
    expect(presentSubstitute('ben', absences, '2026-12-05')).toBeNull();
  });

  it('is the substitute while the absence lasts', () => {
    expect(presentSubstitute('anna', byUser(absence('anna', 'ben')), '2026-12-05')).toBe('ben');
  });

  it("follows the substitute's own substitute while that one is away too", () => {
    const absences = byUser(absence('anna', 'ben'), absence('ben', 'carla', '2026-12-04', '2026-12-06'));
    expect(presentSubstitute('anna', absences, '2026-12-03')).toBe('ben');
    expect(presentSubstitute('anna', absences, '2026-12-05')).toBe('carla');
  });

  it('gives nobody when the chain comes back (both away, covering for each other)', () => {
    const absences = byUser(absence('anna', 'ben'), absence('ben', 'anna'));
    expect(presentSubstitute('anna', absences, '2026-12-05')).toBeNull();
    const longer = byUser(absence('anna', 'ben'), absence('ben', 'carla'), absence('carla', 'ben'));
    expect(presentSubstitute('anna', longer, '2026-12-05')).toBeNull();
  });
});

describe('approvalAbsenceBodySchema', () => {
  const schema = approvalAbsenceBodySchema(() => '2026-11-27');
  const body = { startsOn: '2026-12-01', endsOn: '2026-12-10', substituteId: '00000000-0000-4000-8000-000000000001' };
  const messages = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a period from today or later, also one that began in the past', () => {
    expect(messages(body)).toEqual([]);
    expect(messages({ ...body, startsOn: '2026-11-20', endsOn: '2026-11-27' })).toEqual([]);
  });

  it('refuses an end before the start, in the past, or more than 366 days after the start', () => {
    expect(messages({ ...body, endsOn: '2026-11-30' })).toEqual(['endsOn: absence_ends_before_start']);
    expect(messages({ ...body, startsOn: '2026-11-01', endsOn: '2026-11-26' })).toEqual(['endsOn: absence_ended']);
    expect(messages({ ...body, endsOn: '2027-12-02' })).toEqual(['endsOn: absence_too_long']);
    expect(messages({ ...body, endsOn: '2027-12-01' })).toEqual([]);
  });

  it('needs a substitute and valid dates', () => {
    expect(messages({ ...body, substituteId: '' })).toEqual(['substituteId: absence_substitute_required']);
    expect(messages({ ...body, startsOn: '2026-02-30' })).toEqual(['startsOn: invalid_date']);
  });
});
