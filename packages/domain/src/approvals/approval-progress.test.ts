import { describe, expect, it } from 'vitest';
import { APPROVAL_PROGRESS_TABS, approvalProgressParams } from './approval-progress';

describe('approvalProgressParams', () => {
  it('counts the open step from one', () => {
    expect(approvalProgressParams({ currentStep: 0, stepCount: 2, approvedInStep: 1, requiredInStep: 2 })).toEqual({
      current: 1,
      total: 2,
      approved: 1,
      required: 2,
    });
  });

  it('never shows more approved than required, nor a step past the last', () => {
    expect(approvalProgressParams({ currentStep: 2, stepCount: 2, approvedInStep: 3, requiredInStep: 1 })).toEqual({
      current: 2,
      total: 2,
      approved: 1,
      required: 1,
    });
  });

  it('belongs to the two approval tabs', () => {
    expect(APPROVAL_PROGRESS_TABS).toEqual(['my-approvals', 'all-approvals']);
  });
});
