import { describe, expect, it } from 'vitest';
import { insertPlaceholder, isTemplateFormField, templateFormValues } from './template-form';

describe('insertPlaceholder', () => {
  it('puts the placeholder at the cursor and the cursor after it', () => {
    expect(insertPlaceholder('Rechnung  offen', 'invoiceNumber', { start: 9, end: 9 })).toEqual({
      text: 'Rechnung {{invoiceNumber}} offen',
      caret: 26,
    });
  });

  it('replaces a selection', () => {
    expect(insertPlaceholder('Betrag: X', 'amount', { start: 8, end: 9 })).toEqual({ text: 'Betrag: {{amount}}', caret: 18 });
  });

  it('goes at the end without a known cursor, and keeps a cursor past the end in the text', () => {
    expect(insertPlaceholder('Hallo ', 'counterparty')).toEqual({ text: 'Hallo {{counterparty}}', caret: 22 });
    expect(insertPlaceholder('ab', 'company', { start: 10, end: 12 }).text).toBe('ab{{company}}');
  });
});

describe('templateFormValues', () => {
  const template = {
    id: '00000000-0000-4000-8000-000000000001',
    intervalDays: 21,
    type: 'manual' as const,
    subject: 'S',
    header: 'H',
    footer: 'F',
    version: 3,
    createdAt: '',
    updatedAt: '',
  };

  it('starts an edit from the template, without its id and version', () => {
    expect(templateFormValues(template, [])).toEqual({
      intervalDays: 21,
      type: 'manual',
      subject: 'S',
      header: 'H',
      footer: 'F',
    });
  });

  it('suggests 7 days for the first template and two weeks after the last for further ones', () => {
    expect(templateFormValues(null, []).intervalDays).toBe(7);
    expect(templateFormValues(null, [{ intervalDays: 7 }, { intervalDays: 21 }]).intervalDays).toBe(35);
    expect(templateFormValues(null, [{ intervalDays: 360 }]).intervalDays).toBe(366);
  });
});

describe('isTemplateFormField', () => {
  it('knows the form fields only', () => {
    expect(isTemplateFormField('intervalDays')).toBe(true);
    expect(isTemplateFormField('version')).toBe(false);
  });
});
