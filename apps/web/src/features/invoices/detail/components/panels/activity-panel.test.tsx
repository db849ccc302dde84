import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceActivityQueryOptions, type ActivityEntry } from '../../api/list-activity';
import { loadTestLanguage, renderInvoiceScreen, testSession } from '../../model/test-render';
import { ActivityPanel } from './activity-panel';

const INVOICE_ID = '0b0c3a5e-6f1d-4c59-9a53-0d7f3c1e2a10';

/** The entries the server writes for an invoice's approvals (apps/server/src/modules/approvals). */
const ENTRIES: ActivityEntry[] = [
  {
    id: 4,
    entityType: 'approval_request',
    action: 'reset',
    actorType: 'user',
    actorName: 'Anna Admin',
    changes: { invoiceId: INVOICE_ID, status: { from: 'pending', to: 'reset' }, cause: 'edit' },
    createdAt: '2026-11-20T12:00:00.000Z',
  },
  {
    id: 3,
    entityType: 'approval_item',
    action: 'reject',
    actorType: 'user',
    actorName: 'Anna Admin',
    changes: { invoiceId: INVOICE_ID, requestId: 'r1', step: 1, reason: 'Betrag falsch' },
    createdAt: '2026-11-20T11:00:00.000Z',
  },
  {
    id: 2,
    entityType: 'approval_item',
    action: 'approve',
    actorType: 'user',
    actorName: 'Carl Clerk',
    changes: { invoiceId: INVOICE_ID, requestId: 'r1', step: 0 },
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 1,
    entityType: 'approval_request',
    action: 'create',
    actorType: 'user',
    actorName: 'Carl Clerk',
    changes: { invoiceId: INVOICE_ID, flowId: 'f1', flowName: 'Zwei Stufen', steps: 2 },
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];

function renderHistory(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(invoiceActivityQueryOptions(INVOICE_ID).queryKey, { items: ENTRIES });
  return renderInvoiceScreen(<ActivityPanel invoiceId={INVOICE_ID} />, {
    session: testSession({ id: '00000000-0000-4000-8000-000000000002' }),
    queryClient,
  });
}

/** Each entry's first line: who did what (the time after it left out). */
const headlines = (html: string) =>
  [...html.matchAll(/<li class="rounded-md[^"]*"><p><span class="font-medium">([^<]*)<\/span> ([^<]*)<span/g)].map(
    ([, actor, verb]) => `${actor} ${verb}`,
  );

describe('ActivityPanel: the approvals in the invoice’s history', () => {
  describe('in German', () => {
    beforeAll(() => loadTestLanguage('de', ['common', 'invoice-detail']));

    it('words each entry by what it is about: the request, its reset with the cause, each decision with its step', () => {
      const html = renderHistory();
      expect(headlines(html)).toEqual([
        'Anna Admin hat die Rechnung geändert und damit die Freigaben zurückgesetzt',
        'Anna Admin hat in Schritt 2 abgelehnt',
        'Carl Clerk hat Schritt 1 freigegeben',
        'Carl Clerk hat die Freigabe angefordert (Workflow „Zwei Stufen“)',
      ]);
      expect(html).toContain('Grund: Betrag falsch');
      expect(html).not.toContain('hat die Rechnung angelegt');
    });

    it('shows the request’s status change translated, not the raw English status', () => {
      const html = renderHistory();
      expect(html).toContain('Freigabestatus: In Freigabe → Zurückgesetzt');
      expect(html).not.toContain('pending');
      expect(html).not.toContain('→ reset');
    });
  });

  describe('in English', () => {
    beforeAll(() => loadTestLanguage('en', ['common', 'invoice-detail']));

    it('reads the same entries in English', () => {
      expect(headlines(renderHistory())).toEqual([
        'Anna Admin changed the invoice, which reset its approvals',
        'Anna Admin rejected in step 2',
        'Carl Clerk approved step 1',
        'Carl Clerk requested approval (flow “Zwei Stufen”)',
      ]);
    });
  });
});
