import { describe, expect, it } from 'vitest';
import { likePattern } from '../../lib/like-pattern';
import { decodeCursor, encodeCursor, parseSearchAmounts } from './list-query';

describe('invoice search and cursor helpers', () => {
  it.each([
    ['1.234,56', [123_456]],
    ['1234,56', [123_456]],
    ['1,234.56', [123_456]],
    ['1234.56', [123_456]],
    ['1234', [123_400]],
    ['1.234', [123_400]],
    ['1,234', [123_400]],
    ['12,5', [1_250]],
    ['12.50 €', [1_250]],
    ['-19,99', [-1_999]],
    ['RE-2026', []],
    ['Papier', []],
    ['1.2.3', []],
  ])('reads %s as %j', (term, amounts) => {
    expect(parseSearchAmounts(term)).toEqual(amounts);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('round-trips a cursor and refuses one made for another sort', () => {
    const cursor = {
      sort: 'dueDate',
      direction: 'asc',
      value: '2026-11-30',
      id: '00000000-0000-4000-8000-000000000001',
    } as const;
    const raw = encodeCursor(cursor);
    expect(decodeCursor(raw, cursor)).toEqual(cursor);
    expect(() => decodeCursor(raw, { sort: 'dueDate', direction: 'desc' })).toThrow('validation_failed');
    expect(() => decodeCursor('not-base64-json', cursor)).toThrow('validation_failed');
  });
});
