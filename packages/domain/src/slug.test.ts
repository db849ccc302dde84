import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('spells out umlauts and drops legal punctuation', () => {
    expect(slugify('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh');
    expect(slugify('  Straßenbau Österreich AG ')).toBe('strassenbau-oesterreich-ag');
    expect(slugify('Café Crème S.à r.l.')).toBe('cafe-creme-s-a-r-l');
  });
  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('organisation');
  });
});
