import { describe, expect, it } from 'vitest';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { invoiceFormResolver } from './invoice-form-resolver';
import { emptySplit, toFormValues, type InvoiceFormValues } from './invoice-form-values';
import { buildInvoice } from './test-invoice';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<InvoiceFormValues>;
const messageAt = (errors: FieldErrors, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as unknown;

describe('invoiceFormResolver', () => {
  it('accepts a complete invoice and answers the parsed fields', async () => {
    const result = await invoiceFormResolver(toFormValues(buildInvoice()), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ counterpartyIban: 'DE89370400440532013000', totalAmount: 11_900 });
  });

  it('reports the rule findings even while an amount cannot be read', async () => {
    const values = { ...toFormValues(buildInvoice()), invoiceNumber: '', partialAmount: [emptySplit()] };
    const { errors } = await invoiceFormResolver(values, undefined, options);
    expect(messageAt(errors, 'partialAmount.0.amount.message')).toBeTypeOf('string');
    expect(messageAt(errors, 'invoiceNumber.message')).toBe('required');
  });

  it('blocks an invalid IBAN while a transaction is to be created', async () => {
    const values = { ...toFormValues(buildInvoice()), counterpartyIban: 'DE00 1234' };
    const { errors } = await invoiceFormResolver(values, undefined, options);
    expect(messageAt(errors, 'counterpartyIban.message')).toBe('invalid_iban');
    const unpaid = await invoiceFormResolver({ ...values, shouldCreateTransaction: false }, undefined, options);
    expect(unpaid.errors).toEqual({});
  });
});
