import { describe, expect, it } from 'vitest';
import {
  EU_VAT_PREFIXES,
  VAT_CHECKSUM_COUNTRIES,
  VAT_NUMBER_PATTERNS,
  isEuVatNumber,
  isValidMod11_10,
  luhnChecksum,
  normalizeVatNumber,
  vatNumberProblem,
  type EuVatPrefix,
  type VatNumberProblem,
} from './vat';

/**
 * Per member state: numbers that pass (public example numbers from the tax administrations,
 * VIES documentation and python-stdnum's doctests where a checksum applies) and numbers that are
 * refused with the reason.
 */
const CASES: Record<EuVatPrefix, { valid: string[]; invalid: [string, VatNumberProblem][] }> = {
  AT: {
    valid: ['ATU13585627', 'ATU 1358 5627', 'atu13585627'],
    invalid: [
      ['AT13585627', 'format'],
      ['ATU1358562', 'format'],
      ['ATU135856270', 'format'],
      ['ATU13585626', 'checksum'],
      ['ATU12345678', 'checksum'],
    ],
  },
  BE: {
    valid: ['BE0403019261', 'BE0428759497', 'BE 0403.019.261', 'BE1000000021'],
    invalid: [
      ['BE403019261', 'format'],
      ['BE2403019261', 'format'],
      ['BE04030192610', 'format'],
      ['BE0431150351', 'checksum'],
      ['BE0403019262', 'checksum'],
      ['BE0428759400', 'checksum'],
    ],
  },
  BG: {
    valid: ['BG101004508', 'BG8311046307'],
    invalid: [
      ['BG10100450', 'format'],
      ['BG83110463071', 'format'],
      ['BG10100450X', 'format'],
    ],
  },
  CY: {
    valid: ['CY10259033P', 'CY 10259033 P'],
    invalid: [
      ['CY10259033', 'format'],
      ['CY1025903P', 'format'],
      ['CY102590331', 'format'],
    ],
  },
  CZ: {
    valid: ['CZ25123891', 'CZ640903926', 'CZ7103192745'],
    invalid: [
      ['CZ2512389', 'format'],
      ['CZ71031927451', 'format'],
      ['CZ2512389A', 'format'],
    ],
  },
  DE: {
    valid: ['DE129273398', 'DE136695976', 'DE 129 273 398', 'de-129-273-398', 'DE811191002'],
    invalid: [
      ['DE12927339', 'format'],
      ['DE1292733980', 'format'],
      ['DE12927339X', 'format'],
      ['DE136695978', 'checksum'],
      ['DE123456789', 'checksum'],
      ['DE012345678', 'checksum'],
    ],
  },
  DK: {
    valid: ['DK13585628', 'DK 13 58 56 28'],
    invalid: [
      ['DK1358562', 'format'],
      ['DK135856281', 'format'],
    ],
  },
  EE: {
    valid: ['EE100931558', 'EE100594102'],
    invalid: [
      ['EE10093155', 'format'],
      ['EE1009315580', 'format'],
    ],
  },
  EL: {
    valid: ['EL094259216', 'EL 094 259 216'],
    invalid: [
      ['EL09425921', 'format'],
      ['EL0942592160', 'format'],
      ['GR094259216', 'country'],
    ],
  },
  ES: {
    valid: ['ESA13585625', 'ESB58378431', 'ES54362315K', 'ESX2482300W', 'ESN0012932D'],
    invalid: [
      ['ESA1358562', 'format'],
      ['ESA135856255', 'format'],
      ['ESAB3585625', 'format'],
    ],
  },
  FI: {
    valid: ['FI20774740', 'FI 2077 4740'],
    invalid: [
      ['FI2077474', 'format'],
      ['FI207747401', 'format'],
    ],
  },
  FR: {
    valid: ['FR40303265045', 'FR23334175221', 'FR 40 303 265 045', 'FRK7399859412', 'FR4Z123456782'],
    invalid: [
      ['FR4030326504', 'format'],
      ['FR403032650451', 'format'],
      ['FRIO334175221', 'format'],
      ['FR4O303265045', 'format'],
      ['FR84323140391', 'checksum'],
      ['FR41303265045', 'checksum'],
    ],
  },
  HR: {
    valid: ['HR33392005961'],
    invalid: [
      ['HR3339200596', 'format'],
      ['HR333920059610', 'format'],
    ],
  },
  HU: {
    valid: ['HU12892312'],
    invalid: [
      ['HU1289231', 'format'],
      ['HU128923123', 'format'],
    ],
  },
  IE: {
    valid: ['IE6433435F', 'IE6433435OA', 'IE8D79739I', 'IE7A12345J', 'IE1+23456T', 'IE1*23456T', 'IE3628739UW'],
    invalid: [
      ['IE643343F', 'format'],
      ['IE6433435', 'format'],
      ['IE6433435X', 'format'],
      ['IE6433435FJ', 'format'],
      ['IE8D7973I', 'format'],
    ],
  },
  IT: {
    valid: ['IT00743110157', 'IT 007 4311 0157', 'IT12345678903'],
    invalid: [
      ['IT0074311015', 'format'],
      ['IT007431101570', 'format'],
      ['IT00743110158', 'checksum'],
      ['IT00000000000', 'checksum'],
    ],
  },
  LT: {
    valid: ['LT119511515', 'LT100001919017'],
    invalid: [
      ['LT11951151', 'format'],
      ['LT1195115150', 'format'],
      ['LT1000019190170', 'format'],
    ],
  },
  LU: {
    valid: ['LU15027442'],
    invalid: [
      ['LU1502744', 'format'],
      ['LU150274420', 'format'],
    ],
  },
  LV: {
    valid: ['LV40003521600'],
    invalid: [
      ['LV4000352160', 'format'],
      ['LV400035216000', 'format'],
    ],
  },
  MT: {
    valid: ['MT11679112'],
    invalid: [
      ['MT1167911', 'format'],
      ['MT116791120', 'format'],
    ],
  },
  NL: {
    valid: ['NL004495445B01', 'NL 0044.95.445.B.01', 'nl004495445b01', 'NL000099998B57'],
    invalid: [
      ['NL004495445', 'format'],
      ['NL004495445C01', 'format'],
      ['NL04495445B01', 'format'],
      ['NL004495445B1', 'format'],
      ['NL123456789B90', 'checksum'],
      ['NL004495445B00', 'checksum'],
      ['NL000000000B01', 'checksum'],
    ],
  },
  PL: {
    valid: ['PL8567346215', 'PL 856-734-62-15'],
    invalid: [
      ['PL856734621', 'format'],
      ['PL85673462150', 'format'],
    ],
  },
  PT: {
    valid: ['PT501964843'],
    invalid: [
      ['PT50196484', 'format'],
      ['PT5019648430', 'format'],
    ],
  },
  RO: {
    valid: ['RO18547290', 'RO12', 'RO1234567897'],
    invalid: [
      ['RO1', 'format'],
      ['RO12345678901', 'format'],
      ['RO1854729A', 'format'],
    ],
  },
  SE: {
    valid: ['SE123456789701', 'SE556188840401'],
    invalid: [
      ['SE123456789702', 'format'],
      ['SE1234567897', 'format'],
      ['SE12345678970101', 'format'],
    ],
  },
  SI: {
    valid: ['SI50223054'],
    invalid: [
      ['SI5022305', 'format'],
      ['SI502230541', 'format'],
    ],
  },
  SK: {
    valid: ['SK2022749619'],
    invalid: [
      ['SK202274961', 'format'],
      ['SK20227496190', 'format'],
    ],
  },
  XI: {
    valid: ['XI925901618', 'XI123456789012', 'XIGD001', 'XIGD499', 'XIHA500', 'XIHA999'],
    invalid: [
      ['XI92590161', 'format'],
      ['XI1234567890', 'format'],
      ['XIGD500', 'format'],
      ['XIHA499', 'format'],
      ['XIGD01', 'format'],
      ['GB925901618', 'country'],
    ],
  },
};

describe('VAT numbers per member state (SPEC §5)', () => {
  it('has cases and a pattern for every prefix', () => {
    expect(Object.keys(CASES).sort()).toEqual([...EU_VAT_PREFIXES].sort());
    expect(Object.keys(VAT_NUMBER_PATTERNS).sort()).toEqual([...EU_VAT_PREFIXES].sort());
  });

  describe.each(EU_VAT_PREFIXES.map((prefix) => [prefix, CASES[prefix]] as const))('%s', (_prefix, cases) => {
    it.each(cases.valid)('accepts %s', (value) => {
      expect(vatNumberProblem(value)).toBeNull();
      expect(isEuVatNumber(value)).toBe(true);
    });

    it.each(cases.invalid)('refuses %s (%s)', (value, problem) => {
      expect(vatNumberProblem(value)).toBe(problem);
      expect(isEuVatNumber(value)).toBe(false);
    });
  });

  it('refuses non-EU prefixes as country problems', () => {
    for (const value of ['US123456789', 'GB123456789', 'CH123456789', 'NO123456789', 'GR094259216']) {
      expect(vatNumberProblem(value)).toBe('country');
    }
  });

  it('refuses values without a prefix and a body as format problems', () => {
    for (const value of ['', '   ', 'D', 'DE', '129273398', '1E129273398', 'DE129273398!', 'DE/129273398', 'DE12927339€']) {
      expect(vatNumberProblem(value)).toBe('format');
    }
  });

  it('verifies check digits for DE, AT, NL, BE, IT and FR only', () => {
    expect([...VAT_CHECKSUM_COUNTRIES].sort()).toEqual(['AT', 'BE', 'DE', 'FR', 'IT', 'NL']);
  });

  it('accepts exactly one check digit per German base number', () => {
    for (const base of ['12927339', '13669597', '81119100', '28765432', '10000000']) {
      const passing = Array.from({ length: 10 }, (_, digit) => `DE${base}${digit}`).filter((value) => isEuVatNumber(value));
      expect(passing).toHaveLength(1);
    }
  });

  it('accepts exactly one check digit per Austrian and Italian base number', () => {
    for (const base of ['ATU1358562', 'ATU1234567', 'IT0074311015', 'IT1234567890']) {
      const passing = Array.from({ length: 10 }, (_, digit) => `${base}${digit}`).filter((value) => isEuVatNumber(value));
      expect(passing).toHaveLength(1);
    }
  });

  it('accepts exactly one pair of check digits per Belgian base number', () => {
    for (const base of ['04030192', '04287594', '10000000']) {
      const passing = Array.from({ length: 100 }, (_, check) => `BE${base}${String(check).padStart(2, '0')}`).filter((value) =>
        isEuVatNumber(value),
      );
      expect(passing).toHaveLength(1);
    }
  });
});

describe('normalizeVatNumber', () => {
  it('removes spaces, dots and dashes and upper-cases', () => {
    expect(normalizeVatNumber(' de 129.273-398 ')).toBe('DE129273398');
    expect(normalizeVatNumber('nl0044\t95445b01')).toBe('NL004495445B01');
  });

  it('keeps the characters Irish numbers use', () => {
    expect(normalizeVatNumber('ie1+23456t')).toBe('IE1+23456T');
  });
});

describe('check-digit helpers', () => {
  it('ISO 7064 MOD 11,10', () => {
    expect(isValidMod11_10('129273398')).toBe(true);
    expect(isValidMod11_10('136695976')).toBe(true);
    expect(isValidMod11_10('136695978')).toBe(false);
  });

  it('Luhn', () => {
    expect(luhnChecksum('79927398713')).toBe(0);
    expect(luhnChecksum('79927398710')).not.toBe(0);
    expect(luhnChecksum('00743110157')).toBe(0);
  });
});
