import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { flowFormResolver, messageParams } from './flow-form-resolver';
import type { FlowFormValues } from './flow-form';

const CLARA = '11111111-1111-4111-8111-111111111111';

const values = (overrides: Partial<FlowFormValues>): FlowFormValues => ({
  name: 'Flow',
  type: 'invoice',
  isDefault: false,
  steps: [{ approverIds: [CLARA], requiredApprovals: 1 }],
  conditions: [],
  ...overrides,
});

const resolve = (input: FlowFormValues) => flowFormResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('flowFormResolver', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['validation', 'common']);
  });

  it('accepts a valid flow', async () => {
    const result = await resolve(values({}));
    expect(result.errors).toEqual({});
  });

  it('speaks the same rules as the server, with the approver count filled in', async () => {
    const result = await resolve(
      values({
        name: ' ',
        steps: [
          { approverIds: [], requiredApprovals: 1 },
          { approverIds: [CLARA], requiredApprovals: 3 },
        ],
      }),
    );
    const errors = result.errors as unknown as {
      name: { message: string };
      steps: { approverIds?: { message: string }; requiredApprovals?: { message: string } }[];
    };
    expect(errors.name.message).toBe('This field is required.');
    expect(errors.steps[0]?.approverIds?.message).toBe('Each approval step needs at least one approver.');
    expect(errors.steps[1]?.requiredApprovals?.message).toBe(
      'The required approvals cannot exceed the 1 approvers of this step.',
    );
  });

  it('asks for a number when an amount or the required count is empty', async () => {
    const result = await resolve(
      values({
        steps: [{ approverIds: [CLARA], requiredApprovals: Number.NaN }],
        conditions: [{ kind: 'amount_above', amount: Number.NaN }],
      }),
    );
    const errors = result.errors as unknown as {
      steps: { requiredApprovals: { message: string } }[];
      conditions: { amount: { message: string } }[];
    };
    expect(errors.steps[0]?.requiredApprovals.message).toBe('Please enter a number.');
    expect(errors.conditions[0]?.amount.message).toBe('Please enter a number.');
  });
});

describe('messageParams', () => {
  it('gives the approver count of the step a required-count message belongs to', () => {
    const input = values({ steps: [{ approverIds: [CLARA, CLARA], requiredApprovals: 3 }] });
    expect(messageParams(['steps', '0', 'requiredApprovals'], input)).toEqual({ count: 2 });
    expect(messageParams(['name'], input)).toEqual({});
  });
});
