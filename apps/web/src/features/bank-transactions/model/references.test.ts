import { describe, expect, it } from 'vitest';
import { givenEndToEndId } from './references';

describe('end-to-end id shown', () => {
  it('is none for SEPA’s NOTPROVIDED placeholder', () => {
    expect(givenEndToEndId('NOTPROVIDED')).toBeNull();
    expect(givenEndToEndId(' notprovided ')).toBeNull();
    expect(givenEndToEndId(null)).toBeNull();
    expect(givenEndToEndId('E2E-2026-0042')).toBe('E2E-2026-0042');
  });
});
