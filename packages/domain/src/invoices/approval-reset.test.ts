import { describe, expect, it } from 'vitest';
import { APPROVAL_RESETTING_FIELDS, approvalResettingChanges, type ApprovalResettingValues } from './approval-reset';

const approved: ApprovalResettingValues = {
  totalAmount: 119_00,
  currency: 'EUR',
  counterparty: null,
  counterpartyName: 'Papier & Co. KG',
  counterpartyIban: 'DE02120300000000202051',
};

describe('fields whose change resets approvals (SPEC §4)', () => {
  it('are total, currency and every part of the counterparty', () => {
    expect([...APPROVAL_RESETTING_FIELDS]).toEqual([
      'totalAmount',
      'currency',
      'counterparty',
      'counterpartyName',
      'counterpartyIban',
    ]);
  });

  it('finds nothing when nothing changed', () => {
    expect(approvalResettingChanges(approved, { ...approved })).toEqual([]);
  });

  it('counts a new name or IBAN as a counterparty change, also without a counterparty record', () => {
    expect(approvalResettingChanges(approved, { ...approved, counterpartyName: 'Andere GmbH' })).toEqual(['counterpartyName']);
    expect(approvalResettingChanges(approved, { ...approved, counterpartyIban: 'DE44500105175407324931' })).toEqual([
      'counterpartyIban',
    ]);
    expect(approvalResettingChanges(approved, { ...approved, counterpartyIban: null })).toEqual(['counterpartyIban']);
    expect(approvalResettingChanges({ ...approved, counterpartyName: null }, approved)).toEqual(['counterpartyName']);
  });

  it('counts total, currency and the counterparty record', () => {
    expect(
      approvalResettingChanges(approved, {
        ...approved,
        totalAmount: 120_00,
        currency: 'CHF',
        counterparty: '00000000-0000-4000-8000-000000000001',
      }),
    ).toEqual(['totalAmount', 'currency', 'counterparty']);
    expect(approvalResettingChanges(approved, { ...approved, totalAmount: null })).toEqual(['totalAmount']);
  });

  it('ignores how an IBAN or a name is written', () => {
    const sameWritten = { ...approved, counterpartyName: ' Papier & Co. KG ', counterpartyIban: 'de02 1203 0000 0000 2020 51' };
    expect(approvalResettingChanges(approved, sameWritten)).toEqual([]);
    expect(approvalResettingChanges({ ...approved, counterpartyName: null }, { ...approved, counterpartyName: '' })).toEqual([]);
  });
});
