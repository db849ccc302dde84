import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildLoginUrl, isSafeReturnTo, RETURN_TO_KEY, saveReturnTo, takeReturnTo } from './auth-redirect';

describe('returnTo', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('accepts only paths inside the app', () => {
    expect(isSafeReturnTo('/acme/invoices/new?x=1#c')).toBe(true);
    expect(isSafeReturnTo('//evil.example/acme')).toBe(false);
    expect(isSafeReturnTo('/\\evil.example')).toBe(false);
    expect(isSafeReturnTo('https://evil.example/')).toBe(false);
    expect(isSafeReturnTo('/api/auth/logout')).toBe(false);
    expect(isSafeReturnTo('/session-expired')).toBe(false);
    expect(isSafeReturnTo('/')).toBe(false);
  });

  it('is used once', () => {
    saveReturnTo('/acme/team');
    expect(store.get(RETURN_TO_KEY)).toBe('/acme/team');
    expect(takeReturnTo()).toBe('/acme/team');
    expect(takeReturnTo()).toBeNull();
  });

  it('ignores unsafe saved values', () => {
    store.set(RETURN_TO_KEY, '//evil.example');
    expect(takeReturnTo()).toBeNull();
  });
});

describe('buildLoginUrl', () => {
  it('starts sign-in or sign-up in the current language', () => {
    expect(buildLoginUrl('sign-in', 'de')).toBe('/api/auth/login?mode=sign-in&locale=de');
    expect(buildLoginUrl('sign-up', 'en')).toBe('/api/auth/login?mode=sign-up&locale=en');
  });
});
