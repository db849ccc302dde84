import { beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceRuleWarning } from '@kontor/domain/invoices/document-payment';
import { loadTestLanguage, renderInvoiceScreen, testSession } from '../../model/test-render';
import { RuleWarnings } from './rule-warnings';

const WARNINGS: EInvoiceRuleWarning[] = [
  { code: 'line_net_price_missing', rule: 'BR-26', params: { line: 2 } },
  { code: 'grand_total_mismatch', rule: 'BR-CO-15', params: { stated: '119.00', computed: '120.00' } },
];

function render(warnings: EInvoiceRuleWarning[]) {
  const html = renderInvoiceScreen(<RuleWarnings warnings={warnings} />, {
    session: testSession({ id: '00000000-0000-4000-8000-000000000001' }),
  });
  return [...html.matchAll(/data-testid="reading-rule-warning-([a-z_]+)">([^<]*)</g)].map(([, code, text]) => ({ code, text }));
}

describe('RuleWarnings', () => {
  beforeAll(() => loadTestLanguage('en', ['common', 'invoice-detail']));

  it('names each broken rule with its values and the rule id', () => {
    expect(render(WARNINGS)).toEqual([
      { code: 'line_net_price_missing', text: 'Line 2 has no net price (BR-26)' },
      {
        code: 'grand_total_mismatch',
        text: 'The total with VAT 119.00 is not the total without VAT plus VAT (120.00) (BR-CO-15)',
      },
    ]);
  });

  it('shows nothing when the document keeps every rule', () => {
    expect(
      renderInvoiceScreen(<RuleWarnings warnings={[]} />, {
        session: testSession({ id: '00000000-0000-4000-8000-000000000001' }),
      }),
    ).toBe('');
  });
});
