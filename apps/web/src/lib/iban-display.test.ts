import { describe, expect, it } from 'vitest';
import { maskIban } from './iban-display';

describe('IBAN display', () => {
  it('hides the middle of an IBAN', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('NO93 8601 1117 947')).toBe('NO93 •••• 7947');
    expect(maskIban('DE12')).toBe('DE12');
  });
});
