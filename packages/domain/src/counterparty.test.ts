import { describe, expect, it } from 'vitest';
import { createCounterpartyInlineSchema } from './counterparty';
import { counterpartyBankAccountInputSchema } from './counterparties/counterparty-record';

const inline = (bic: string | null) =>
  createCounterpartyInlineSchema.safeParse({ name: 'Neu GmbH', vatNumber: null, iban: null, bic });
const account = (bic: string | null) =>
  counterpartyBankAccountInputSchema.safeParse({ name: 'Haupt', iban: 'DE89370400440532013000', bic });

describe('the BIC of the inline and the full counterparty form', () => {
  it('accepts 8 or 11 characters, stored without spaces in upper case, in both forms', () => {
    for (const parse of [inline, account]) {
      expect(parse('cobadeffxxx')).toMatchObject({ success: true, data: expect.objectContaining({ bic: 'COBADEFFXXX' }) });
      expect(parse('COBA DE FF')).toMatchObject({ success: true, data: expect.objectContaining({ bic: 'COBADEFF' }) });
      expect(parse('')).toMatchObject({ success: true, data: expect.objectContaining({ bic: null }) });
      expect(parse(null)).toMatchObject({ success: true, data: expect.objectContaining({ bic: null }) });
    }
  });

  it('refuses what the full form refuses, with the same message', () => {
    for (const bic of ['COBADE', '12345678', 'COBADEFFX', 'COBADEFF-XX']) {
      for (const parse of [inline, account]) {
        const result = parse(bic);
        expect(result.success, bic).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual(['invalid_bic']);
      }
    }
  });
});
