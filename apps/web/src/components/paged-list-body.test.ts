import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { pagedListTexts } from './paged-list-body';

describe('pagedListTexts', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['payment-runs', 'transactions']);
  });

  it("takes the four texts from the list's prefix and counts the shown rows", () => {
    const texts = pagedListTexts(i18n.getFixedT('en', 'payment-runs', 'list'), 3);
    expect(texts).toEqual({
      loadFailed: 'The payment runs could not be loaded',
      loadMoreFailed: 'More runs could not be loaded.',
      loadMore: 'Load more',
      shown: 'All 3 runs shown',
    });
    expect(pagedListTexts(i18n.getFixedT('en', 'payment-runs', 'list'), 1).shown).toBe('1 run shown');
  });

  it('serves another prefix of the same namespace (the run detail lists its payments)', () => {
    const texts = pagedListTexts(i18n.getFixedT('en', 'payment-runs', 'transactions'), 2);
    expect(texts.loadFailed).toBe('The payments could not be loaded');
    expect(texts.shown).toBe('All 2 payments shown');
  });

  it('counts one payment in the singular', async () => {
    await i18n.loadLanguages('de');
    const list = i18n.getFixedT('en', 'transactions', 'list');
    expect(pagedListTexts(list, 1).shown).toBe('1 payment shown');
    expect(pagedListTexts(list, 4).shown).toBe('All 4 payments shown');
    expect(pagedListTexts(i18n.getFixedT('de', 'transactions', 'list'), 1).shown).toBe('1 Zahlung angezeigt');
  });
});
