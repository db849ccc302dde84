import { describe, expect, it } from 'vitest';
import {
  cleanDatevDocumentNumber,
  DATEV_LIMITS,
  isDatevAccount,
  isDatevLedgerAccount,
  isDatevPersonalAccount,
  isDatevTaxKey,
} from './datev-rules';

describe('DATEV rules', () => {
  it('cleans Belegfeld 1 to the allowed characters', () => {
    expect(cleanDatevDocumentNumber('RE_2026.01 #7')).toBe('RE-2026-01--7');
    expect(cleanDatevDocumentNumber('Nr: 4711/ä,ö')).toBe('Nr-4711/');
    expect(cleanDatevDocumentNumber('A$&%*+-/z9')).toBe('A$&%*+-/z9');
    expect(cleanDatevDocumentNumber('X'.repeat(40))).toHaveLength(DATEV_LIMITS.documentNumber);
  });

  it('accepts BU-Schlüssel of one to four digits', () => {
    expect(isDatevTaxKey('9')).toBe(true);
    expect(isDatevTaxKey('1234')).toBe(true);
    expect(isDatevTaxKey('12345')).toBe(false);
    expect(isDatevTaxKey('')).toBe(false);
    expect(isDatevTaxKey('9a')).toBe(false);
  });

  it('tells G/L and personal accounts apart by the Sachkontenlänge', () => {
    expect(isDatevLedgerAccount('4980', 4)).toBe(true);
    expect(isDatevLedgerAccount('400', 4)).toBe(true);
    expect(isDatevLedgerAccount('49800', 4)).toBe(false);
    expect(isDatevPersonalAccount('70001', 4)).toBe(true);
    expect(isDatevPersonalAccount('7000', 4)).toBe(false);
    expect(isDatevPersonalAccount('700001', 5)).toBe(true);
    expect(isDatevAccount('700001', 4)).toBe(false);
    expect(isDatevAccount('70O01', 4)).toBe(false);
  });

  it('states the text limits of the format', () => {
    expect(DATEV_LIMITS).toMatchObject({ documentNumber: 36, documentNumber2: 12, text: 60, costCenter: 36 });
  });
});
