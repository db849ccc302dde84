import { describe, expect, it } from 'vitest';
import { encodeCp1252 } from '@kontor/formats';
import { headerName } from './header-name';

describe('headerName', () => {
  it('keeps what Windows-1252 holds and folds or drops the rest, never failing the header', () => {
    expect(headerName('Anna Äbersold')).toBe('Anna Äbersold');
    expect(headerName('Łukasz Żółć')).toBe('Lukasz Zólc');
    expect(headerName('Đorđe 李')).toBe('Dorde');
    expect(headerName('李小龍')).toBe('Kontor');
    expect(headerName('Maximilian Alexander von Hohenberg')).toHaveLength(25);
    for (const name of ['Łukasz Żółć', 'Ħana', 'Σωκράτης Παπαδόπουλος'])
      expect(() => encodeCp1252(headerName(name))).not.toThrow();
  });
});
