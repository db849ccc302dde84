import { describe, expect, it } from 'vitest';
import fieldsDe from './de/invoice-fields.json' with { type: 'json' };
import fieldsEn from './en/invoice-fields.json' with { type: 'json' };
import notificationsDe from './de/notifications.json' with { type: 'json' };
import notificationsEn from './en/notifications.json' with { type: 'json' };
import { REQUIRABLE_INVOICE_FIELDS } from '../organization';
import { BASE_REQUIRED_INVOICE_FIELDS } from '../invoices/invoice-rules';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** The server's own texts (field labels in errors, notification mails): same keys and placeholders in de and en. */
describe('server locale files', () => {
  const pairs: [string, Record<string, string>, Record<string, string>][] = [
    ['invoice-fields', fieldsDe, fieldsEn],
    ['notifications', notificationsDe, notificationsEn],
  ];
  for (const [name, de, en] of pairs) {
    it(`${name}: identical keys and placeholders, no empty text`, () => {
      expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(de[key] ?? ''), key).toEqual(placeholders(text));
      }
    });
  }

  it('labels every field a required-fields error can name: the base ones and the requirable ones', () => {
    expect(Object.keys(fieldsEn).sort()).toEqual([...BASE_REQUIRED_INVOICE_FIELDS, ...REQUIRABLE_INVOICE_FIELDS].sort());
  });
});
