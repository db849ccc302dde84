import { describe, expect, it } from 'vitest';
import { findPageHandle, isNoScrollPage } from '../route-handle';
import { formatDocumentTitle } from './use-document-title';

describe('page title', () => {
  it('is the page title followed by the product name', () => {
    expect(formatDocumentTitle('Welcome')).toBe('Welcome · Kontor');
    expect(formatDocumentTitle(undefined)).toBe('Kontor');
    expect(formatDocumentTitle('Kontor')).toBe('Kontor');
  });

  it('comes from the deepest route that names one', () => {
    const matches = [
      { handle: { titleKey: 'app' } },
      { handle: undefined },
      { handle: { titleKey: 'settingsBilling', noScroll: true } },
      { handle: {} },
    ];
    expect(findPageHandle(matches)).toEqual({ titleKey: 'settingsBilling', noScroll: true });
    expect(isNoScrollPage(matches)).toBe(true);
    expect(findPageHandle([{ handle: null }])).toBeUndefined();
  });
});
