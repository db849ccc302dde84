import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildLoginUrl,
  invitationPath,
  isSafeReturnTo,
  PENDING_INVITATION_KEY,
  RETURN_TO_KEY,
  saveReturnTo,
  savePendingInvitation,
  takePendingInvitation,
  takeReturnTo,
} from './auth-redirect';

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
    expect(isSafeReturnTo('/invitation/abc')).toBe(false);
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

  it('keeps a pending invitation for one sign-in', () => {
    const token = 'a'.repeat(43);
    savePendingInvitation(token);
    expect(store.get(PENDING_INVITATION_KEY)).toBe(token);
    expect(takePendingInvitation()).toBe(token);
    expect(takePendingInvitation()).toBeNull();
  });

  it('keeps nothing that is no invitation token', () => {
    savePendingInvitation('../acme/settings');
    expect(store.has(PENDING_INVITATION_KEY)).toBe(false);
    store.set(PENDING_INVITATION_KEY, '/evil?x=1');
    expect(takePendingInvitation()).toBeNull();
    expect(store.has(PENDING_INVITATION_KEY)).toBe(false);
  });
});

describe('invitationPath', () => {
  it('opens the invitation page, joining by itself when asked to', () => {
    expect(invitationPath('abc_DEF-123')).toBe('/invitation/abc_DEF-123');
    expect(invitationPath('abc_DEF-123', { accept: true })).toBe('/invitation/abc_DEF-123?accept=1');
  });
});

describe('buildLoginUrl', () => {
  it('starts sign-in or sign-up in the current language', () => {
    expect(buildLoginUrl('sign-in', 'de')).toBe('/api/auth/login?mode=sign-in&locale=de');
    expect(buildLoginUrl('sign-up', 'en')).toBe('/api/auth/login?mode=sign-up&locale=en');
  });
});
