import { describe, expect, it } from 'vitest';
import { EMPTY_COMPANY_DETAILS, arSendBodySchema, companyDetailsSchema, missingCompanyDetails } from './invoice-documents';
import { isLeitwegId, optionalLeitwegIdSchema } from './customer-invoicing';

describe('Leitweg-ID', () => {
  it.each(['04011000-12345-03', '991-33333TEST-33', '04011000-1234512345-06', '991-33333test-33'])('accepts %s', (id) => {
    expect(isLeitwegId(id)).toBe(true);
  });

  it.each([
    ['04011000-12345-04', 'wrong check digits'],
    ['991-01234-44', 'wrong check digits'],
    ['04011000', 'no check digits'],
    ['0-12345-03', 'coarse address too short'],
    ['04011000 12345 03', 'spaces instead of hyphens'],
  ])('refuses %s (%s)', (id) => {
    expect(isLeitwegId(id)).toBe(false);
  });

  it('is optional, stored in upper case, and says why it is refused', () => {
    expect(optionalLeitwegIdSchema.parse('  ')).toBeNull();
    expect(optionalLeitwegIdSchema.parse('991-33333test-33')).toBe('991-33333TEST-33');
    expect(optionalLeitwegIdSchema.safeParse('991-33333TEST-34').error?.issues[0]?.message).toBe('invalid_leitweg_id');
  });
});

describe('company details', () => {
  const complete = companyDetailsSchema.parse({
    ...EMPTY_COMPANY_DETAILS,
    street: 'Leopoldstraße 12',
    postalCode: '80802',
    city: 'München',
    countryCode: 'DE',
    vatId: 'DE 123 456 788',
    email: 'rechnung@nordlicht.example',
    phone: '+49 89 1234567',
    contactName: 'Anna Berger',
  });

  it('normalises the VAT ID and checks e-mail and phone', () => {
    expect(complete.vatId).toBe('DE123456788');
    const bad = companyDetailsSchema.safeParse({ ...complete, email: 'no-at-sign', phone: 'ab' });
    expect(bad.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'invalid_email'],
      ['phone', 'invalid_phone'],
    ]);
  });

  it('names what a PDF and what an XRechnung still need', () => {
    expect(missingCompanyDetails(complete, 'pdf')).toEqual([]);
    expect(missingCompanyDetails(complete, 'xrechnung')).toEqual([]);
    expect(missingCompanyDetails(EMPTY_COMPANY_DETAILS, 'pdf')).toEqual(['street', 'postalCode', 'city', 'countryCode', 'vatId']);
    expect(missingCompanyDetails({ ...complete, vatId: null, taxNumber: '143/123/45678' }, 'pdf')).toEqual([]);
    expect(missingCompanyDetails({ ...complete, contactName: null, phone: null }, 'xrechnung')).toEqual(['contactName', 'phone']);
  });
});

describe('sending an invoice', () => {
  it('needs one to ten valid addresses and a subject', () => {
    expect(arSendBodySchema.safeParse({ to: ['ap@kunde.example'], subject: 'Rechnung', message: '' }).success).toBe(true);
    const bad = arSendBodySchema.safeParse({ to: ['kein-mail'], subject: ' ', message: '' });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['to.0', 'invalid_email'],
      ['subject', 'required'],
    ]);
  });
});
