import { describe, expect, it } from 'vitest';
import {
  MERGEABLE_FIELDS,
  combineBankAccounts,
  counterpartyMergeBodySchema,
  counterpartyMergePreviewQuerySchema,
  listDifferingMergeFields,
  resolveMergeSides,
  resolveMergedCounterparty,
  type MergeSource,
} from './merge';
import { emptyCounterpartyFields } from './counterparty-record';

const SURVIVOR_ID = '00000000-0000-4000-8000-000000000001';
const MERGED_ID = '00000000-0000-4000-8000-000000000002';

function source(overrides: Partial<MergeSource> = {}): MergeSource {
  return {
    ...emptyCounterpartyFields(),
    name: 'Bürowelt Schneider GmbH',
    isTrusted: false,
    trustedAt: null,
    trustedBy: null,
    bankAccounts: [],
    ...overrides,
  };
}

const account = (id: string, name: string, iban: string) => ({ id, name, iban, bic: null, createdAt: '2026-01-01T00:00:00Z' });

describe('merge request', () => {
  const body = { survivorId: SURVIVOR_ID, mergedId: MERGED_ID, survivorVersion: 1, mergedVersion: 3 };

  it('takes two distinct ids, both versions and per-field choices', () => {
    const parsed = counterpartyMergeBodySchema.parse({ ...body, fieldChoices: { name: 'merged', trust: 'survivor' } });
    expect(parsed.fieldChoices).toEqual({ name: 'merged', trust: 'survivor' });
    expect(counterpartyMergeBodySchema.parse(body).fieldChoices).toEqual({});
  });

  it('refuses the same counterparty twice ("merging needs exactly 2 selected")', () => {
    const result = counterpartyMergeBodySchema.safeParse({ ...body, mergedId: SURVIVOR_ID });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['mergedId'], message: 'merge_needs_two' })]);
    expect(counterpartyMergePreviewQuerySchema.safeParse({ survivorId: MERGED_ID, mergedId: MERGED_ID }).success).toBe(false);
  });

  it('refuses a missing id, an unknown field and an unknown side', () => {
    expect(counterpartyMergeBodySchema.safeParse({ ...body, mergedId: undefined }).success).toBe(false);
    expect(counterpartyMergeBodySchema.safeParse({ ...body, fieldChoices: { bankAccounts: 'merged' } }).success).toBe(false);
    expect(counterpartyMergeBodySchema.safeParse({ ...body, fieldChoices: { name: 'both' } }).success).toBe(false);
  });
});

describe('field resolution', () => {
  it('keeps the survivor value by default and fills its empty fields from the merged one', () => {
    const survivor = source({ name: 'Schneider', city: 'Köln', email: '' });
    const merged = source({ name: 'Schneider GmbH', city: 'Bonn', email: 'info@schneider.de', zip: '53111' });
    const sides = resolveMergeSides(survivor, merged, {});
    expect(sides).toMatchObject({ name: 'survivor', city: 'survivor', email: 'merged', zip: 'merged', street: 'survivor' });
    const result = resolveMergedCounterparty(survivor, merged, {});
    expect(result.ok && result.fields).toMatchObject({
      name: 'Schneider',
      city: 'Köln',
      email: 'info@schneider.de',
      zip: '53111',
    });
    expect(result.ok && result.takenFromMerged).toEqual(['email', 'zip']);
  });

  it("takes the user's choice, even an empty value over a filled one", () => {
    const survivor = source({ name: 'Schneider', description: 'Alt' });
    const merged = source({ name: 'Schneider GmbH', description: null });
    const result = resolveMergedCounterparty(survivor, merged, { name: 'merged', description: 'merged' });
    expect(result.ok && result.fields).toMatchObject({ name: 'Schneider GmbH', description: null });
  });

  it('never takes trust or a switched-off reminder setting from the merged one by default', () => {
    const survivor = source();
    const merged = source({
      isTrusted: true,
      trustedAt: '2026-01-01T00:00:00Z',
      paymentRemindersEnabled: true,
      paymentReminderEmails: 'ap@schneider.de',
    });
    expect(resolveMergeSides(survivor, merged, {})).toMatchObject({ trust: 'survivor', paymentRemindersEnabled: 'survivor' });
    expect(resolveMergeSides(survivor, merged, { trust: 'merged' }).trust).toBe('merged');
  });

  it('validates the result with the record rules', () => {
    const survivor = source({ skontoDays: 10, skontoRate: 200 });
    const merged = source({ accountsPayableNumber: '30005' });
    const result = resolveMergedCounterparty(survivor, merged, { skontoRate: 'merged' });
    expect(result).toEqual({ ok: false, fieldErrors: { skontoRate: ['skonto_terms_incomplete'] } });

    // Legacy data from before the format rule: a malformed AP number cannot be merged into the survivor.
    const legacy = resolveMergedCounterparty(source(), source({ accountsPayableNumber: '12' }), {});
    expect(legacy).toEqual({ ok: false, fieldErrors: { accountsPayableNumber: ['ap_number_format'] } });

    const reminders = resolveMergedCounterparty(
      source({ paymentRemindersEnabled: true, paymentReminderEmails: 'ap@a.de' }),
      source(),
      { paymentReminderEmails: 'merged' },
    );
    expect(reminders).toEqual({ ok: false, fieldErrors: { paymentReminderEmails: ['reminder_emails_required'] } });
  });

  it('lists only the fields whose values differ', () => {
    const survivor = source({ city: 'Köln', isTrusted: true });
    const merged = source({ city: 'Köln', zip: '50667' });
    expect(listDifferingMergeFields(survivor, merged)).toEqual(['zip', 'trust']);
    expect(listDifferingMergeFields(survivor, survivor)).toEqual([]);
    expect(MERGEABLE_FIELDS).toHaveLength(17);
  });
});

describe('bank accounts', () => {
  it('moves new IBANs and drops the same IBAN as a duplicate, whatever its name', () => {
    const survivor = [account('s1', 'Hauptkonto', 'DE89370400440532013000')];
    const merged = [
      account('m1', 'Girokonto', 'DE89 3704 0044 0532 0130 00'),
      account('m2', 'Hauptkonto', 'DE02120300000000202051'),
    ];
    const combined = combineBankAccounts(survivor, merged);
    expect(combined.moved.map((item) => item.id)).toEqual(['m2']);
    expect(combined.duplicates).toEqual([{ mergedAccountId: 'm1', survivorAccountId: 's1', iban: 'DE89370400440532013000' }]);
  });

  it('puts the survivor and moved accounts into the resulting record', () => {
    const result = resolveMergedCounterparty(
      source({ bankAccounts: [account('s1', 'Hauptkonto', 'DE89370400440532013000')] }),
      source({
        bankAccounts: [account('m1', 'Hauptkonto', 'DE89370400440532013000'), account('m2', 'Neu', 'DE02120300000000202051')],
      }),
      {},
    );
    expect(result.ok && result.fields.bankAccounts.map((item) => item.iban)).toEqual([
      'DE89370400440532013000',
      'DE02120300000000202051',
    ]);
  });
});
