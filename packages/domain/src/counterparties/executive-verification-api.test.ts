import { describe, expect, it } from 'vitest';
import { executiveOutcomeForSnapshot, executiveRequestError } from './executive-verification-api';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const REQUESTER = '00000000-0000-4000-8000-00000000000f';

describe('executiveRequestError', () => {
  it('names the error code the server answers with, and how many verifiers the policy needs', () => {
    expect(executiveRequestError('one', [], REQUESTER)).toEqual({ code: 'executive_verifier_required', required: 1 });
    expect(executiveRequestError('all', [A, A], REQUESTER)).toEqual({ code: 'executive_verifier_duplicate', required: 2 });
    expect(executiveRequestError({ custom: 3 }, [A, B], REQUESTER)).toEqual({ code: 'executive_too_few_verifiers', required: 3 });
  });

  it('refuses the requester as their own verifier', () => {
    expect(executiveRequestError('one', [REQUESTER], REQUESTER)).toEqual({
      code: 'executive_verifier_is_requester',
      required: 1,
    });
  });

  it('accepts enough distinct verifiers', () => {
    expect(executiveRequestError('one', [A], REQUESTER)).toBeNull();
    expect(executiveRequestError('all', [A, B], REQUESTER)).toBeNull();
    expect(executiveRequestError({ custom: 2 }, [A, B], REQUESTER)).toBeNull();
  });
});

describe('executiveOutcomeForSnapshot', () => {
  it('approves once the snapshot number of approvals is reached', () => {
    expect(executiveOutcomeForSnapshot(2, ['approved', 'request_sent', 'request_sent'])).toBe('pending');
    expect(executiveOutcomeForSnapshot(2, ['approved', 'approved', 'request_sent'])).toBe('approved');
  });

  it('rejects at the first rejection, even after enough approvals crossed it', () => {
    expect(executiveOutcomeForSnapshot(1, ['rejected', 'request_sent'])).toBe('rejected');
    expect(executiveOutcomeForSnapshot(1, ['approved', 'rejected'])).toBe('rejected');
  });
});
