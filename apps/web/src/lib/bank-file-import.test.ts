import { describe, expect, it } from 'vitest';
import { checkBankFile, isImportFinished, isKnownFailureCode, isKnownProblemCode, problemPlace } from './bank-file-import';

describe('bank-file import problems', () => {
  it('knows the documented reasons and nothing else', () => {
    expect(isKnownProblemCode('incoming_payment')).toBe(true);
    expect(isKnownProblemCode('message_already_imported')).toBe(true);
    expect(isKnownProblemCode('control_sum_mismatch')).toBe(true);
    expect(isKnownProblemCode('cosmic_rays')).toBe(false);
  });

  it('refuses non-XML and oversized files before uploading', () => {
    expect(checkBankFile({ name: 'pain.001.XML', size: 10, type: '' })).toBeNull();
    expect(checkBankFile({ name: 'statement', size: 10, type: 'application/xml' })).toBeNull();
    expect(checkBankFile({ name: 'payments.csv', size: 10, type: 'text/csv' })).toBe('notXml');
    expect(checkBankFile({ name: 'huge.xml', size: 201 * 1024 * 1024, type: 'text/xml' })).toBe('tooLarge');
  });

  it('says where an entry was when the server knows', () => {
    expect(problemPlace({ kind: 'skipped', code: 'no_iban' })).toBeNull();
    expect(problemPlace({ kind: 'skipped', code: 'no_iban', entry: 3 })).toEqual({ entry: 3 });
    expect(problemPlace({ kind: 'warning', code: 'remittance_shortened', entry: 3, line: 88 })).toEqual({ entry: 3, line: 88 });
  });
});

describe('bank-file import failures', () => {
  it('has sentences for the import’s own failure codes only', () => {
    expect(isKnownFailureCode('unsupported_version')).toBe(true);
    expect(isKnownFailureCode('bank_file_unrecognised')).toBe(false);
    expect(isKnownFailureCode(null)).toBe(false);
  });
});

describe('bank-file import progress', () => {
  it('is finished once completed or failed', () => {
    expect(isImportFinished(undefined)).toBe(false);
    expect(isImportFinished({ status: 'queued' })).toBe(false);
    expect(isImportFinished({ status: 'running' })).toBe(false);
    expect(isImportFinished({ status: 'completed' })).toBe(true);
    expect(isImportFinished({ status: 'failed' })).toBe(true);
  });
});
