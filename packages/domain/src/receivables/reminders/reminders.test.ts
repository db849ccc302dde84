import { describe, expect, it } from 'vitest';
import { dueReminderTemplate, reminderSkipReason } from './payment-reminder';
import {
  DEFAULT_REMINDER_TEMPLATES,
  REMINDER_PLACEHOLDERS,
  renderReminder,
  reminderTemplateInputSchema,
  unknownPlaceholders,
} from './reminder-template';

const open = { status: 'outstanding', dueDate: '2026-12-01' };
const reachable = { exists: true, remindersEnabled: true, recipients: ['ap@kunde.example'] };

describe('reminder skip reasons (SPEC §4)', () => {
  it.each([
    ['paid', { ...open, status: 'paid' }, reachable, 'automatic'],
    ['canceled', { ...open, status: 'canceled' }, reachable, 'automatic'],
    ['no_counterparty', open, { ...reachable, exists: false }, 'automatic'],
    ['reminders_off', open, { ...reachable, remindersEnabled: false }, 'automatic'],
    ['no_email', open, { ...reachable, recipients: [] }, 'automatic'],
    ['not_past_due', { ...open, dueDate: '2026-12-07' }, reachable, 'automatic'],
  ] as const)('%s', (reason, receivable, customer, origin) => {
    expect(reminderSkipReason(receivable, customer, '2026-12-07', origin)).toBe(reason);
  });

  it('lets a person remind a customer whose automatic reminders are off', () => {
    expect(reminderSkipReason(open, { ...reachable, remindersEnabled: false }, '2026-12-07', 'manual')).toBeNull();
    expect(reminderSkipReason(open, reachable, '2026-12-02', 'automatic')).toBeNull();
  });
});

describe('reminder templates', () => {
  it('takes intervals from 1 to 366 whole days and known placeholders only', () => {
    const base = DEFAULT_REMINDER_TEMPLATES.de[0]!;
    expect(reminderTemplateInputSchema.safeParse(base).success).toBe(true);
    for (const intervalDays of [0, 367, 1.5]) {
      expect(reminderTemplateInputSchema.safeParse({ ...base, intervalDays }).error?.issues[0]?.message).toBe(
        'reminder_interval_range',
      );
    }
    expect(unknownPlaceholders('{{invoiceNumber}} {{ Kunde }} {{amount}} {{iban}}')).toEqual(['Kunde', 'iban']);
    expect(reminderTemplateInputSchema.safeParse({ ...base, footer: 'Gruß {{firma}}' }).error?.issues[0]?.message).toBe(
      'unknown_placeholder',
    );
  });

  it('fills every placeholder and puts the details between header and footer', () => {
    const values = Object.fromEntries(REMINDER_PLACEHOLDERS.map((name) => [name, `<${name}>`])) as Record<
      (typeof REMINDER_PLACEHOLDERS)[number],
      string
    >;
    const mail = renderReminder(
      {
        subject: 'Erinnerung {{invoiceNumber}}',
        header: '{{counterparty}}: {{ openAmount }} seit {{daysOverdue}} Tagen',
        footer: '',
      },
      values,
      'DETAILS',
    );
    expect(mail).toEqual({
      subject: 'Erinnerung <invoiceNumber>',
      text: '<counterparty>: <openAmount> seit <daysOverdue> Tagen\n\nDETAILS',
    });
  });

  it('suggests the same templates in German and English, all valid', () => {
    for (const language of ['de', 'en'] as const) {
      for (const template of DEFAULT_REMINDER_TEMPLATES[language])
        expect(reminderTemplateInputSchema.parse(template)).toEqual(template);
    }
    expect(DEFAULT_REMINDER_TEMPLATES.de.map((t) => [t.intervalDays, t.type])).toEqual(
      DEFAULT_REMINDER_TEMPLATES.en.map((t) => [t.intervalDays, t.type]),
    );
  });
});

describe('the template a receivable is due for', () => {
  const templates = [
    { intervalDays: 21, type: 'manual' as const },
    { intervalDays: 7, type: 'automatic' as const },
    { intervalDays: 14, type: 'automatic' as const },
    { intervalDays: 30, type: 'manual_only' as const },
  ];
  const due = (today: string, sent = 0, types: ('automatic' | 'manual')[] = ['automatic']) =>
    dueReminderTemplate(templates, types, '2026-11-01', today, sent)?.intervalDays ?? null;

  it('is the largest interval reached of the asked types', () => {
    expect(due('2026-11-07')).toBeNull();
    expect(due('2026-11-08')).toBe(7);
    expect(due('2026-11-20')).toBe(14);
    expect(due('2026-12-31')).toBe(14); // manual and manual-only templates are not the run's
    expect(due('2026-11-22', 0, ['manual'])).toBe(21);
  });

  it('is none once that interval or a later one went out', () => {
    expect(due('2026-11-20', 7)).toBe(14);
    expect(due('2026-11-20', 14)).toBeNull();
    expect(due('2026-11-20', 21)).toBeNull();
    expect(due('2026-11-22', 21, ['manual'])).toBeNull();
  });
});
