import { describe, expect, it } from 'vitest';
import { listIbansNewToTrust } from './trust';

const OLD = 'DE89370400440532013000';
const NEW = 'DE02120300000000202051';

describe('trust and bank details', () => {
  it('lists the IBANs the trusted record did not have, normalised and once', () => {
    expect(listIbansNewToTrust([OLD], [OLD, NEW])).toEqual([NEW]);
    expect(listIbansNewToTrust([OLD], ['de02 1203 0000 0000 2020 51', NEW])).toEqual([NEW]);
    expect(listIbansNewToTrust(['de89 3704 0044 0532 0130 00'], [OLD])).toEqual([]);
  });

  it('finds nothing new when accounts are only removed or keep their IBAN', () => {
    expect(listIbansNewToTrust([OLD, NEW], [NEW])).toEqual([]);
    expect(listIbansNewToTrust([OLD], [])).toEqual([]);
    // An edited IBAN: the account's new IBAN is one the trust never saw.
    expect(listIbansNewToTrust([OLD], [NEW])).toEqual([NEW]);
  });
});
