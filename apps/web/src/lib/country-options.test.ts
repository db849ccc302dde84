import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_COUNTRY_CODES } from '@kontor/domain/counterparties/counterparty-record';
import { countryName, countryOptions, isCountryCode } from '@/lib/country-options';

describe('country options', () => {
  it('lists the EU first and every country exactly once', () => {
    const { eu, others } = countryOptions('en');
    expect(eu.map((option) => option.code).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    expect(eu.length + others.length).toBe(COUNTRY_CODES.length);
    expect(new Set([...eu, ...others].map((option) => option.code)).size).toBe(COUNTRY_CODES.length);
  });

  it('sorts each group by name in the interface language', () => {
    const { eu, others } = countryOptions('de');
    const names = eu.map((option) => option.name);
    expect(names).toEqual([...names].sort((left, right) => left.localeCompare(right, 'de')));
    expect(eu[0]?.name).toBe('Belgien');
    expect(names).toContain('Deutschland');
    const otherNames = others.map((option) => option.name);
    expect(otherNames).toEqual([...otherNames].sort((left, right) => left.localeCompare(right, 'de')));
    expect(otherNames).toContain('Schweiz');
  });

  it('names countries in the given language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('AT', 'de')).toBe('Österreich');
  });

  it('knows the contract codes only', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode(null)).toBe(false);
  });
});
