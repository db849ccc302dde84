import { describe, expect, it } from 'vitest';
import { detectLocale, toSupportedLocale } from './locale';

describe('detectLocale', () => {
  it('prefers the stored choice', () => {
    expect(detectLocale({ stored: 'de', languages: ['en-US', 'en'] })).toBe('de');
    expect(detectLocale({ stored: 'en', languages: ['de-DE'] })).toBe('en');
  });

  it('ignores a stored value that is no supported locale', () => {
    expect(detectLocale({ stored: 'fr', languages: ['de-AT'] })).toBe('de');
    expect(detectLocale({ stored: '', languages: ['de'] })).toBe('de');
  });

  it('takes the first supported browser language, by base language', () => {
    expect(detectLocale({ stored: null, languages: ['fr-FR', 'de-CH', 'en-GB'] })).toBe('de');
    expect(detectLocale({ stored: undefined, languages: ['it', 'en-US', 'de'] })).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLocale({ stored: null, languages: ['fr-FR', 'it'] })).toBe('en');
    expect(detectLocale({ stored: null, languages: [] })).toBe('en');
    expect(detectLocale({ stored: null, languages: undefined })).toBe('en');
  });
});

describe('toSupportedLocale', () => {
  it('reduces regional tags to the base language', () => {
    expect(toSupportedLocale('de-AT')).toBe('de');
    expect(toSupportedLocale('EN_us')).toBe('en');
    expect(toSupportedLocale('nl-BE')).toBeUndefined();
  });
});
