import { describe, expect, it } from 'vitest';
import { isFormPath, mapServerFieldErrors } from './server-field-errors';

describe('mapServerFieldErrors', () => {
  it('puts field, list and list-row errors onto their form paths', () => {
    const mapped = mapServerFieldErrors({
      counterpartyIban: ['Please enter a valid IBAN.'],
      partialAmount: ['The split lines exceed the total by 5,00 €.'],
      'lineItems.0.description': ['This field is required.'],
      'partialAmount.1.amount': ['A split line needs an amount.'],
    });
    expect(mapped.fields).toEqual([
      { path: 'counterpartyIban', message: 'Please enter a valid IBAN.' },
      { path: 'partialAmount', message: 'The split lines exceed the total by 5,00 €.' },
      { path: 'lineItems.0.description', message: 'This field is required.' },
      { path: 'partialAmount.1.amount', message: 'A split line needs an amount.' },
    ]);
    expect(mapped.unmatched).toEqual([]);
  });

  it('joins several messages of one field', () => {
    expect(mapServerFieldErrors({ dueDate: ['One.', 'Two.'] }).fields).toEqual([{ path: 'dueDate', message: 'One. Two.' }]);
  });

  it('keeps paths the form cannot show for the summary', () => {
    const mapped = mapServerFieldErrors({ version: ['Too old.'], '': ['Whole body.'], 'lineItems.x.unit': ['?'] });
    expect(mapped.fields).toEqual([]);
    expect(mapped.unmatched.map((entry) => entry.path)).toEqual(['version', '', 'lineItems.x.unit']);
  });

  it('knows which paths exist', () => {
    expect(isFormPath('taxKeyId')).toBe(true);
    expect(isFormPath('lineItems.3.unitPrice')).toBe(true);
    expect(isFormPath('lineItems.3')).toBe(true);
    expect(isFormPath('lineItems.3.colour')).toBe(false);
    expect(isFormPath('counterpartyIban.0')).toBe(false);
    expect(isFormPath('status')).toBe(false);
  });
});
