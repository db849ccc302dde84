import { describe, expect, it } from 'vitest';
import { pinRecentUploads } from './recent-uploads';

const row = (id: string, name = id) => ({ id, name });

describe('pinRecentUploads', () => {
  it('puts the remembered rows first in upload order, then the list without them', () => {
    const rows = [row('a'), row('b'), row('c')];
    expect(pinRecentUploads(['c', 'a'], [], rows).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });

  it('takes remembered rows the sorted page does not hold from the newest-first rows', () => {
    const rows = [row('a'), row('b')];
    const recent = [row('new'), row('a')];
    expect(pinRecentUploads(['new'], recent, rows).map((item) => item.id)).toEqual(['new', 'a', 'b']);
  });

  it('leaves out remembered ids that are no longer in the tab (approved, archived …)', () => {
    expect(pinRecentUploads(['gone', 'b'], [], [row('a'), row('b')]).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('changes nothing without remembered uploads', () => {
    const rows = [row('b'), row('a')];
    expect(pinRecentUploads([], [row('x')], rows)).toEqual(rows);
  });
});
