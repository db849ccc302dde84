import { describe, expect, it } from 'vitest';
import { currencyTotals, formatBalance, formatSignedAmount } from './amounts';

// Intl separates amount and currency with a no-break space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('bank transaction amounts', () => {
  it('signs an amount by its direction', () => {
    expect(plain(formatSignedAmount(123456, 'EUR', 'incoming'))).toBe('+1.234,56 €');
    expect(plain(formatSignedAmount(8990, 'EUR', 'outgoing'))).toBe('\u221289,90 €');
    expect(plain(formatSignedAmount(1000, 'USD', 'incoming'))).toBe('+10,00 $');
    expect(plain(formatSignedAmount(0, 'EUR', 'outgoing'))).toBe('0,00 €');
  });

  it('shows a negative balance with a minus sign and survives an unknown currency', () => {
    expect(plain(formatBalance(-250000, 'EUR'))).toBe('\u22122.500,00 €');
    expect(plain(formatBalance(0, 'EUR'))).toBe('0,00 €');
    expect(formatBalance(1250, 'XX1')).toBe('12.50 XX1');
  });

  it('lists the totals per currency, euros first, empty currencies left out', () => {
    const lines = currencyTotals({
      count: 7,
      byCurrency: [
        { currency: 'USD', incoming: 5000, incomingCount: 1, outgoing: 0, outgoingCount: 0 },
        { currency: 'CHF', incoming: 0, incomingCount: 0, outgoing: 0, outgoingCount: 0 },
        { currency: 'EUR', incoming: 300000, incomingCount: 2, outgoing: 123456, outgoingCount: 4 },
      ],
    });
    expect(lines.map((line) => ({ ...line, incoming: plain(line.incoming), outgoing: plain(line.outgoing) }))).toEqual([
      { currency: 'EUR', incoming: '+3.000,00 €', incomingCount: 2, outgoing: '\u22121.234,56 €', outgoingCount: 4 },
      { currency: 'USD', incoming: '+50,00 $', incomingCount: 1, outgoing: '0,00 $', outgoingCount: 0 },
    ]);
    expect(currencyTotals({ count: 0, byCurrency: [] })).toEqual([]);
  });
});
