import { describe, expect, it } from 'vitest';
import { errorToastTexts } from './notify';

describe('errorToastTexts', () => {
  it('keeps a title and a different reason apart', () => {
    expect(errorToastTexts('The counterparty could not be created.', 'A counterparty with this VAT number exists.')).toEqual({
      title: 'The counterparty could not be created.',
      description: 'A counterparty with this VAT number exists.',
    });
  });

  it('never says the same sentence twice, whatever the case and punctuation', () => {
    expect(
      errorToastTexts('Die Zahlung konnte nicht gespeichert werden.', 'Die Zahlung konnte nicht gespeichert werden'),
    ).toEqual({
      title: 'Die Zahlung konnte nicht gespeichert werden.',
    });
    expect(errorToastTexts('Export failed', 'Export failed: the file is too large.')).toEqual({
      title: 'Export failed: the file is too large.',
    });
  });

  it('shows the message alone without a title', () => {
    expect(errorToastTexts(undefined, 'Network error.')).toEqual({ title: 'Network error.' });
  });
});
