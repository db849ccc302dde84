import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRED_FIELDS } from '../organization';
import { missingRequiredFields, requiredFieldsReport, type RequirableInvoiceValues } from './required-fields';

/** Base fields filled (they have a test of their own), every configurable one empty. */
const empty: RequirableInvoiceValues = {
  invoiceNumber: 'RE-1',
  date: '2026-11-01',
  dueDate: '2026-11-30',
  currency: 'EUR',
  taxRate: 1_900,
  totalAmount: 11_900,
  counterparty: null,
  counterpartyName: null,
  counterpartyVat: null,
  purchaseOrder: null,
  billingPeriodStart: null,
  billingPeriodEnd: null,
  paymentTerms: null,
  costCenter: null,
  costCenter2: null,
  ledgerAccount: null,
  taxKeyId: null,
  remittanceInformation: null,
  notes: null,
  lineItems: [],
  attachmentCount: 0,
  partialAmount: [],
};

describe('required-field settings (SPEC §5)', () => {
  it('asks for nothing while every field is "not required"', () => {
    expect(requiredFieldsReport(empty, DEFAULT_REQUIRED_FIELDS)).toEqual({
      request_approval: [],
      first_approval: [],
      last_approval: [],
    });
  });

  it('requires the base fields (SPEC §5) at every stage, before the configured ones', () => {
    const uploaded = { ...empty, invoiceNumber: null, dueDate: null, taxRate: null, totalAmount: null };
    const base = ['invoiceNumber', 'dueDate', 'taxRate', 'totalAmount'];
    expect(requiredFieldsReport(uploaded, DEFAULT_REQUIRED_FIELDS)).toEqual({
      request_approval: base,
      first_approval: base,
      last_approval: base,
    });
    const settings = { ...DEFAULT_REQUIRED_FIELDS, notes: 'last_approval' } as const;
    expect(missingRequiredFields(uploaded, settings, 'last_approval')).toEqual([...base, 'notes']);
  });

  it('requires a field from its stage on, and at every later stage', () => {
    const settings = {
      ...DEFAULT_REQUIRED_FIELDS,
      costCenter: 'request_approval',
      ledgerAccount: 'first_approval',
      notes: 'last_approval',
    } as const;
    expect(requiredFieldsReport(empty, settings)).toEqual({
      request_approval: ['costCenter'],
      first_approval: ['costCenter', 'ledgerAccount'],
      last_approval: ['costCenter', 'ledgerAccount', 'notes'],
    });
  });

  it('counts a field as present when the invoice or every split line has it', () => {
    const settings = { ...DEFAULT_REQUIRED_FIELDS, costCenter: 'request_approval' } as const;
    const split = { costCenter: 'a', costCenter2: null, ledgerAccount: null, taxKeyId: null };
    expect(missingRequiredFields({ ...empty, costCenter: 'x' }, settings, 'request_approval')).toEqual([]);
    expect(missingRequiredFields({ ...empty, partialAmount: [split, split] }, settings, 'request_approval')).toEqual([]);
    expect(
      missingRequiredFields({ ...empty, partialAmount: [split, { ...split, costCenter: null }] }, settings, 'request_approval'),
    ).toEqual(['costCenter']);
  });

  it('needs both ends of a billing period, a line item or an attachment when so configured', () => {
    const settings = {
      ...DEFAULT_REQUIRED_FIELDS,
      billingPeriod: 'request_approval',
      lineItems: 'request_approval',
      attachments: 'request_approval',
    } as const;
    expect(missingRequiredFields({ ...empty, billingPeriodStart: '2026-01-01' }, settings, 'request_approval')).toEqual([
      'billingPeriod',
      'lineItems',
      'attachments',
    ]);
    expect(
      missingRequiredFields(
        { ...empty, billingPeriodStart: '2026-01-01', billingPeriodEnd: '2026-01-31', lineItems: [{}], attachmentCount: 1 },
        settings,
        'request_approval',
      ),
    ).toEqual([]);
  });
});
