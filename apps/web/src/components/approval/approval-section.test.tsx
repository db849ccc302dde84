import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { initI18n } from '@/lib/i18n';
import { ApprovalSection } from './approval-section';

const ANNA = '00000000-0000-4000-8000-000000000001';
const CARL = '00000000-0000-4000-8000-000000000002';

function request(overrides: Partial<ApprovalRequestView> = {}): ApprovalRequestView {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    flowId: null,
    flowName: 'Two steps',
    status: 'pending',
    currentStep: 1,
    requestedBy: CARL,
    requestedByName: 'Carl Clerk',
    requestedAt: '2026-11-20T09:00:00.000Z',
    fourEyesConflicts: [],
    steps: [
      {
        requiredApprovals: 1,
        items: [
          {
            approverId: ANNA,
            approverName: 'Anna Admin',
            standsInForName: null,
            decision: 'approved',
            decidedAt: '2026-11-20T10:00:00.000Z',
            reason: null,
          },
        ],
      },
      {
        requiredApprovals: 1,
        items: [
          {
            approverId: CARL,
            approverName: 'Carl Clerk',
            standsInForName: null,
            decision: 'pending',
            decidedAt: null,
            reason: null,
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** The elements carrying a test id, in document order. */
const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((match) => match[1]);

describe('ApprovalSection', () => {
  beforeAll(() => initI18n('en'));

  it('names steps and approvers with the prefix the page passes (the end-to-end tests select by them)', () => {
    const html = renderToStaticMarkup(
      <ApprovalSection approval={request()} testId="run-approval-panel" stepsTestIdPrefix="run-approval" />,
    );
    expect(testIds(html)).toEqual([
      'run-approval-panel',
      'run-approval-step',
      'run-approval-item',
      'run-approval-step',
      'run-approval-item',
    ]);
    expect(html).toContain('aria-labelledby="run-approval-panel-title"');
    expect(html).toContain('id="run-approval-panel-title"');
  });

  it('marks only the open step of a pending request and shows the progress slot', () => {
    const html = renderToStaticMarkup(
      <ApprovalSection
        approval={request()}
        testId="approval-panel"
        stepsTestIdPrefix="approval"
        statusTestId="approval-status"
        progress={<p data-testid="approval-step-of">Step 2 of 2</p>}
      />,
    );
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toContain('1 of 1 required approvals</span>');
    expect(html).toContain('0 of 1 required approvals · waiting');
    expect(html).toContain('In approval');
    expect(testIds(html)).toContain('approval-status');
    expect(testIds(html)).toContain('approval-step-of');
  });

  it('shows a rejection with its reason and no open step once the request is decided', () => {
    const rejected = request({
      status: 'rejected',
      steps: [
        {
          requiredApprovals: 1,
          items: [
            {
              approverId: ANNA,
              approverName: 'Anna Admin',
              standsInForName: null,
              decision: 'rejected',
              decidedAt: '2026-11-20T10:00:00.000Z',
              reason: 'Betrag klären',
            },
          ],
        },
      ],
    });
    const html = renderToStaticMarkup(
      <ApprovalSection
        approval={rejected}
        testId="approval-panel"
        stepsTestIdPrefix="approval"
        progress={<p data-testid="approval-step-of">Step 1 of 1</p>}
      />,
    );
    expect(html).toContain('Reason: Betrag klären');
    expect(html).not.toContain('aria-current');
    expect(testIds(html)).not.toContain('approval-step-of');
  });

  it('names the absent member an approver stands in for, and only there', () => {
    const base = request();
    const [first, second] = base.steps;
    const standIn = request({
      steps: [first!, { ...second!, items: [{ ...second!.items[0]!, standsInForName: 'Bea Buchhaltung' }] }],
    });
    const html = renderToStaticMarkup(
      <ApprovalSection approval={standIn} testId="approval-panel" stepsTestIdPrefix="approval" />,
    );
    expect(html).toContain('standing in for Bea Buchhaltung');
    expect(html.match(/data-testid="stands-in-for"/g)).toHaveLength(1);
    expect(
      renderToStaticMarkup(<ApprovalSection approval={base} testId="approval-panel" stepsTestIdPrefix="approval" />),
    ).not.toContain('standing in for');
  });

  it('says so when approval was never requested', () => {
    const html = renderToStaticMarkup(
      <ApprovalSection approval={null} testId="run-approval-panel" stepsTestIdPrefix="run-approval" />,
    );
    expect(html).toContain('Approval has not been requested yet.');
    expect(testIds(html)).toEqual(['run-approval-panel']);
  });
});
