import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_TEMPLATES, type ReminderTemplateInput } from '@kontor/domain/receivables/reminders/reminder-template';
import { ApiError } from '@/lib/api-error';
import { addSuggestedTemplates } from './reminder-template-mutations';

const taken = (intervalDays: number) =>
  new ApiError({ status: 409, code: 'reminder_interval_taken', message: 'taken', params: { intervalDays } });

describe('addSuggestedTemplates', () => {
  it('adds the suggestions in order and counts them', async () => {
    const created: number[] = [];
    const count = await addSuggestedTemplates(DEFAULT_REMINDER_TEMPLATES.en, async (input: ReminderTemplateInput) => {
      created.push(input.intervalDays);
    });
    expect(count).toBe(2);
    expect(created).toEqual([7, 21]);
  });

  it('leaves intervals that are in the list already and adds the others', async () => {
    const count = await addSuggestedTemplates(DEFAULT_REMINDER_TEMPLATES.de, async (input) => {
      if (input.intervalDays === 7) throw taken(7);
    });
    expect(count).toBe(1);
  });

  it('stops at any other refusal', async () => {
    const forbidden = new ApiError({ status: 403, code: 'forbidden', message: 'no' });
    await expect(
      addSuggestedTemplates(DEFAULT_REMINDER_TEMPLATES.de, async () => {
        throw forbidden;
      }),
    ).rejects.toBe(forbidden);
  });
});
