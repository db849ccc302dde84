import { describe, expect, it } from 'vitest';
import { decideScroll, HASH_SCROLL_DELAY_MS, type ScrollLocation } from './decide-scroll';

const at = (pathname: string, options: Partial<Omit<ScrollLocation, 'pathname'>> = {}): ScrollLocation => ({
  pathname,
  hash: options.hash ?? '',
  noScroll: options.noScroll ?? false,
});

describe('decideScroll', () => {
  it('scrolls a new page to the top', () => {
    expect(decideScroll(at('/acme/invoices/new'), at('/acme/team'))).toEqual({ kind: 'top' });
  });

  it('scrolls to the hash target after 500 ms', () => {
    expect(decideScroll(at('/acme/team'), at('/acme/settings/general', { hash: '#numbering' }))).toEqual({
      kind: 'element',
      elementId: 'numbering',
      delayMs: 500,
    });
    expect(HASH_SCROLL_DELAY_MS).toBe(500);
  });

  it('decodes an encoded hash', () => {
    expect(decideScroll(at('/a'), at('/b', { hash: '#K%C3%BCche' }))).toMatchObject({ elementId: 'Küche' });
  });

  it('leaves the position alone between two no-scroll routes, even with a hash', () => {
    expect(decideScroll(at('/acme/invoices/new', { noScroll: true }), at('/acme/invoices/approved', { noScroll: true }))).toEqual(
      { kind: 'keep' },
    );
    expect(
      decideScroll(
        at('/acme/invoices/new', { noScroll: true }),
        at('/acme/invoices/new/7', { noScroll: true, hash: '#comments' }),
      ),
    ).toEqual({ kind: 'keep' });
  });

  it('scrolls when only one side is no-scroll', () => {
    expect(decideScroll(at('/acme/invoices/new', { noScroll: true }), at('/acme/team'))).toEqual({ kind: 'top' });
    expect(decideScroll(at('/acme/team'), at('/acme/invoices/new', { noScroll: true }))).toEqual({ kind: 'top' });
  });

  it('keeps the position when only the query changes', () => {
    expect(decideScroll(at('/acme/insights'), at('/acme/insights'))).toEqual({ kind: 'keep' });
  });

  it('leaves the first page load to the browser unless it has a hash', () => {
    expect(decideScroll(null, at('/acme/team'))).toEqual({ kind: 'keep' });
    expect(decideScroll(null, at('/terms', { hash: '#contact' }))).toMatchObject({ kind: 'element', elementId: 'contact' });
  });

  it('ignores an empty hash', () => {
    expect(decideScroll(at('/a'), at('/b', { hash: '#' }))).toEqual({ kind: 'top' });
  });
});
