import { describe, expect, it } from 'vitest';
import { checkStatement, statementName, statementPeriod } from './statement-check';

describe('statement check', () => {
  it('adds up at 0, is flagged otherwise, and cannot be checked without balances', () => {
    expect(checkStatement({ difference: 0 })).toEqual({ kind: 'addsUp' });
    expect(checkStatement({ difference: -1250 })).toEqual({ kind: 'difference', amount: -1250 });
    expect(checkStatement({ difference: null })).toEqual({ kind: 'balancesMissing' });
  });

  it('takes the period from the statement, else from its balances', () => {
    const balances = { openingBalance: { amount: 0, date: '2026-02-28' }, closingBalance: { amount: 5, date: '2026-03-31' } };
    expect(statementPeriod({ periodFrom: '2026-03-01', periodTo: '2026-03-31', ...balances })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(statementPeriod({ periodFrom: null, periodTo: null, ...balances })).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(statementPeriod({ periodFrom: null, periodTo: null, openingBalance: null, closingBalance: null })).toEqual({
      from: null,
      to: null,
    });
  });

  it('is named by its sequence number, else its id, else its file', () => {
    expect(statementName({ sequenceNumber: '12', statementId: 'STMT-1', fileName: 'a.xml' })).toEqual({
      kind: 'number',
      value: '12',
    });
    expect(statementName({ sequenceNumber: null, statementId: 'STMT-1', fileName: 'a.xml' })).toEqual({
      kind: 'id',
      value: 'STMT-1',
    });
    expect(statementName({ sequenceNumber: null, statementId: null, fileName: 'a.xml' })).toEqual({
      kind: 'file',
      value: 'a.xml',
    });
    expect(statementName({ sequenceNumber: null, statementId: null, fileName: null })).toBeNull();
  });
});
