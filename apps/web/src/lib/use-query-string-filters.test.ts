import { describe, expect, it } from 'vitest';
import { PendingSearchWrites } from './use-query-string-filters';

describe('PendingSearchWrites', () => {
  it('starts a write from one that has not rendered yet', () => {
    const writes = new PendingSearchWrites();
    // A click opens a payment over the rendered list…
    expect(writes.current('view=open')).toBe('view=open');
    writes.wrote('view=open', 'view=open&id=p1');
    // …and the debounced search, still from that render, commits before the click rendered.
    expect(writes.current('view=open')).toBe('view=open&id=p1');
  });

  it('follows the renders once they show the last write, also back through the history', () => {
    const writes = new PendingSearchWrites();
    writes.wrote('view=open', 'view=open&id=p1');
    writes.rendered('view=open&id=p1');
    expect(writes.current('view=open&id=p1')).toBe('view=open&id=p1');
    // The back button shows the list without the payment: nothing pending brings it back.
    writes.rendered('view=open');
    expect(writes.current('view=open')).toBe('view=open');
  });

  it('leaves a render it was not written over alone', () => {
    const writes = new PendingSearchWrites();
    writes.wrote('view=open', 'view=open&search=Huber');
    expect(writes.current('view=all')).toBe('view=all');
  });
});
