import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { flagText } from './flag-text';

// A stand-in for i18next that fills {{params}} and leaves unknown ones, as i18next does.
const t = ((key: string, params: Record<string, unknown>) =>
  ({ 'flags.iban_never_paid': 'Never paid to {{iban}}.' })[key]?.replace(/\{\{(\w+)\}\}/g, (hole, name: string) =>
    name in params ? String(params[name]) : hole,
  ) ?? key) as unknown as TFunction<'transactions'>;

describe('flag text', () => {
  it('translates with the params and falls back to the server reason when a param is missing', () => {
    const flag = { code: 'iban_never_paid', severity: 'warning', reason: 'IBAN DE89… never paid before' } as const;
    expect(flagText(t, { ...flag, params: { iban: 'DE89370400440532013000' } }, 'de')).toBe(
      'Never paid to DE89 3704 0044 0532 0130 00.',
    );
    expect(flagText(t, flag, 'en')).toBe('IBAN DE89… never paid before');
  });
});
